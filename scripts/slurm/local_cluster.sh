#!/bin/bash
# A one-node Slurm cluster on loopback, in a folder of its own: munged, slurmctld and slurmd
# from Debian's packages, no accounting. Source it, then call `cluster_start FOLDER`; it sets
# SLURM_CONF for sbatch, squeue and scontrol, and `cluster_stop` (call it from a trap) stops
# the daemons, with SIGKILL for any that lingers.

cluster_free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

cluster_start() {
  CLUSTER_DIR=$1
  local host cpus
  host=$(hostname -s)
  cpus=$(nproc)
  mkdir -p "$CLUSTER_DIR"/{state,spool,log,munge}
  # munged refuses root: it runs as munge, with a key only munge can read, in a folder munge
  # can reach (a temporary folder is private to root).
  chmod 0755 "$CLUSTER_DIR" "$(dirname "$CLUSTER_DIR")"
  chown munge:munge "$CLUSTER_DIR/munge"
  chmod 0700 "$CLUSTER_DIR/munge"
  dd if=/dev/urandom of="$CLUSTER_DIR/munge/munge.key" bs=1024 count=1 status=none
  chown munge:munge "$CLUSTER_DIR/munge/munge.key"
  chmod 0400 "$CLUSTER_DIR/munge/munge.key"
  runuser -u munge -- munged --key-file="$CLUSTER_DIR/munge/munge.key" \
    --socket="$CLUSTER_DIR/munge/munge.socket" --pid-file="$CLUSTER_DIR/munge/munged.pid" \
    --log-file="$CLUSTER_DIR/munge/munged.log" --seed-file="$CLUSTER_DIR/munge/munge.seed" \
    --force
  cat > "$CLUSTER_DIR/slurm.conf" <<CONF
ClusterName=auralift-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$(cluster_free_port)
SlurmdPort=$(cluster_free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$CLUSTER_DIR/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$CLUSTER_DIR/state
SlurmdSpoolDir=$CLUSTER_DIR/spool
SlurmctldPidFile=$CLUSTER_DIR/slurmctld.pid
SlurmdPidFile=$CLUSTER_DIR/slurmd.pid
SlurmctldLogFile=$CLUSTER_DIR/log/slurmctld.log
SlurmdLogFile=$CLUSTER_DIR/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=1,bf_interval=1,sched_min_interval=100000
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
MinJobAge=3600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF=$CLUSTER_DIR/slurm.conf
  slurmctld -f "$SLURM_CONF"
  slurmd -f "$SLURM_CONF"
  for _ in $(seq 1 100); do
    if sinfo -h -o %t 2>/dev/null | grep -q idle; then return 0; fi
    sleep 0.2
  done
  echo "local Slurm cluster did not come up; its logs:" >&2
  tail -n 20 "$CLUSTER_DIR"/log/*.log "$CLUSTER_DIR"/munge/munged.log >&2
  return 1
}

cluster_stop() {
  [ -n "${CLUSTER_DIR:-}" ] || return 0
  local pidfile pid
  for pidfile in "$CLUSTER_DIR/slurmd.pid" "$CLUSTER_DIR/slurmctld.pid" \
    "$CLUSTER_DIR/munge/munged.pid"; do
    pid=$(cat "$pidfile" 2>/dev/null) || continue
    kill "$pid" 2>/dev/null
    for _ in $(seq 1 25); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$pid" 2>/dev/null
  done
  return 0
}

# Waits for job `$1` (and its array tasks) to leave the queue; prints its final state.
cluster_wait() {
  local job=$1
  while squeue -h -j "$job" 2>/dev/null | grep -q .; do sleep 0.5; done
  scontrol show job "$job" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | sort -u | tr '\n' ' '
  echo
}

#!/bin/bash
# Weekly emails through a real mail path: aiosmtpd (PyPI) on a loopback port as the mail
# server, msmtp (Debian) as the sendmail command, the auralift binary given as $1 and the
# Python with aiosmtpd as $2.
#
#   scripts/delivery/test_delivery.sh .build/release/auralift .build/delivery-venv/bin/python
#
# Checks: every coach receives exactly one message, addressed to them alone; it parses as
# valid MIME (Python's email library, strict); it names none of another coach's athletes;
# a rerun sends nothing, nor does the next night's run whose data changed the week's report
# (one mail per coach a week); a week on, with the server down the run exits 4 naming the
# messages, and once the server is back the next run sends them and nothing more; a coach email that would add a
# Bcc line mails nobody, non-ASCII names arrive encoded; a server that never answers is given
# up at deliver.timeout; a wrapper whose child hangs is stopped with its child, and a command
# that exits 0 without reading its message is not recorded. The server is stopped by a trap,
# whatever happens.
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
binary=$(realpath "${1:?usage: $0 AURALIFT_BINARY PYTHON_WITH_AIOSMTPD}")
python=${2:?usage: $0 AURALIFT_BINARY PYTHON_WITH_AIOSMTPD}
work=$(mktemp -d /tmp/auralift-mail.XXXXXX)
server=""
stop_server() {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  server=""
}
trap 'stop_server; rm -rf "$work"' EXIT
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
start_server() {
  "$python" -m aiosmtpd -n -l "127.0.0.1:$port" -c aiosmtpd.handlers.Mailbox "$work/mail" \
    >"$work/server.log" 2>&1 &
  server=$!
  for _ in $(seq 50); do
    python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null && return 0
    sleep 0.1
  done
  echo "aiosmtpd did not start: $(cat "$work/server.log")" >&2
  exit 1
}
source "$repo/scripts/lib/checks.sh"
messages() { find "$work/mail/new" "$work/mail/cur" -type f 2>/dev/null | wc -l; }
# A week passes: every message in the delivery ledger is dated eight days earlier.
week_passes() {
  python3 - "$1/.state/records.sqlite" <<'PY'
import sqlite3, sys
with sqlite3.connect(sys.argv[1]) as db:
    db.execute("UPDATE delivery SET sent_at = strftime('%Y-%m-%dT%H:%M:%SZ', sent_at, '-8 days')")
PY
}

cp -r "$repo/datasets/sample" "$work/dataset"
sed -e "s|^dataset:.*|dataset: $work/dataset|; s|^out:.*|out: $work/out|" \
  "$repo/pipelines/nightly.yaml" >"$work/nightly.yaml"
cat >>"$work/nightly.yaml" <<YAML
deliver:
  command: msmtp --host=127.0.0.1 --port=$port --auth=off --tls=off --from=reports@gym.example -t
  from: AuraLift <reports@gym.example>
YAML
start_server

"$binary" run "$work/nightly.yaml" --quiet >"$work/run1.out" 2>&1
check "the nightly run with delivery exits 0" test $? -eq 0
check "two coaches, two messages" test "$(messages)" -eq 2
# Each message: strict MIME, one recipient who is its coach, their athletes alone.
"$python" - "$work/mail" <<'PY' >"$work/parsed.txt" 2>&1
import email, email.policy, mailbox, sys
coaches = {'rivera@example.com': ({'iron_mike1', 'squat_sam3'}, {'squat_sara2'}),
           'okafor@example.com': ({'squat_sara2'}, {'iron_mike1', 'squat_sam3'})}
seen = []
for key, raw in mailbox.Maildir(sys.argv[1], factory=None).iteritems():
    m = email.message_from_bytes(raw.as_bytes(), policy=email.policy.strict)
    assert not m.defects, m.defects
    rcpt = m['X-RcptTo']
    assert rcpt == m['To'], (rcpt, m['To'])
    mine, others = coaches[rcpt]
    parts = [p for p in m.walk() if not p.is_multipart()]
    types = [p.get_content_type() for p in parts]
    # The summary as text and HTML, and the coach's page attached alone: no link in it leads
    # out of it, where an attachment has nothing.
    assert types == ['text/plain', 'text/html', 'text/html'], types
    page = parts[2].get_content()
    assert 'href="../' not in page, 'a link out of the attached page'
    assert len(raw.as_bytes()) < 300_000, len(raw.as_bytes())
    for part in parts:
        assert not part.defects, part.defects
    text = '\n'.join(p.get_content() for p in parts)
    for name in mine: assert name in text, (rcpt, name)
    for name in others: assert name not in text, (rcpt, 'names', name)
    seen.append(rcpt)
assert sorted(seen) == sorted(coaches), seen
print('valid')
PY
check "each coach's message is valid MIME, theirs alone, with their athletes alone" \
  grep -qx valid "$work/parsed.txt"
[ "$(tail -1 "$work/parsed.txt")" = valid ] || cat "$work/parsed.txt" >&2

"$binary" run "$work/nightly.yaml" --quiet >"$work/run2.out" 2>&1
check "a rerun exits 0 and prints nothing" test $? -eq 0 -a ! -s "$work/run2.out"
check "a rerun sends nothing" test "$(messages)" -eq 2

# The next night's session changes a coach's report: the week's mail went, nothing is sent.
# It is another session (an hour later, recordings that differ), not a copied upload.
cp -r "$work/dataset/sessions/s-000001" "$work/dataset/sessions/s-late"
sed -i -e "s/\"s-000001\"/\"s-late\"/" -e "s/T19:38:00Z/T20:38:00Z/" \
  "$work/dataset/sessions/s-late/session.json"
for recording in "$work/dataset/sessions/s-late/"*.csv; do echo >>"$recording"; done
"$binary" run "$work/nightly.yaml" >"$work/run-night.out" 2>&1
check "the next night's changed report is not mailed again this week" \
  grep -q "1 already mailed this week" "$work/run-night.out"
check "nothing more arrived" test "$(messages)" -eq 2

# A week on, the changed report is due; the server is down: exit 4, the message named.
week_passes "$work/out"
stop_server
"$binary" run "$work/nightly.yaml" --quiet >"$work/run3.out" 2>&1
check "with the server down the run exits 4" test $? -eq 4
check "and names the messages not delivered" grep -q "^not delivered: coaches/c-1 → rivera@example.com" "$work/run3.out"
check "and nothing arrived" test "$(messages)" -eq 2
start_server
"$binary" run "$work/nightly.yaml" --quiet >"$work/run4.out" 2>&1
check "with the server back the next run exits 0" test $? -eq 0
failed=$(grep -c "^not delivered: [a-z]*/[^ ]* → " "$work/run3.out")
deferred=$(sed -n 's/^not delivered: \([0-9]*\) more messages\{0,1\} deferred.*/\1/p' "$work/run3.out")
pending=$((failed + ${deferred:-0}))
check "and sends what was not delivered ($pending)" test "$(messages)" -eq $((2 + pending))
"$binary" run "$work/nightly.yaml" --quiet >/dev/null 2>&1
check "and nothing more after that" test "$(messages)" -eq $((2 + pending))

# Hostile text from the dataset: a coach email that would add a Bcc line is set aside (that
# coach is not mailed, nobody else is), and non-ASCII names reach the headers encoded and the
# attachments' names whole.
stop_server
rm -rf "$work/mail"
start_server
cp -r "$repo/datasets/sample" "$work/hostile"
python3 - "$work/hostile" <<'PY'
import sys
root = sys.argv[1]
coaches = open(f'{root}/coaches.csv').read()
coaches = coaches.replace('rivera@example.com', '"rivera@example.com\r\nBcc: attacker@evil.example"')
coaches = coaches.replace('Coach Okafor', 'Trainerin Søren Ødegård\u202e')
open(f'{root}/coaches.csv', 'w').write(coaches)
athletes = open(f'{root}/athletes.csv').read().replace('squat_sara2,', 'jörg_müller,')
open(f'{root}/athletes.csv', 'w').write(athletes)
PY
sed -e "s|^dataset:.*|dataset: $work/hostile|; s|^out:.*|out: $work/hostile-out|" \
  "$work/nightly.yaml" >"$work/hostile.yaml"
"$binary" run "$work/hostile.yaml" --quiet >"$work/hostile.out" 2>&1
check "hostile names: published without what was set aside (exit 3)" test $? -eq 3
check "and the coach email with a Bcc line is named" \
  grep -q "coaches.csv:2: column 'email'.*holds a control character" "$work/hostile.out"
check "one message, to the coach with a plain address" test "$(messages)" -eq 1
"$python" - "$work/mail" <<'PY' >"$work/hostile-parsed.txt" 2>&1
import email, email.policy, mailbox, sys
for key, raw in mailbox.Maildir(sys.argv[1], factory=None).iteritems():
    m = email.message_from_bytes(raw.as_bytes(), policy=email.policy.strict)
    assert m['X-RcptTo'] == 'okafor@example.com', m['X-RcptTo']
    assert 'evil' not in raw.as_bytes().decode('utf-8', 'replace').split('\n\n')[0]
    assert m['To'].addresses[0].addr_spec == 'okafor@example.com'
    files = [p.get_filename() for p in m.walk() if p.get_filename()]
    assert any('Søren_Ødegård' in f for f in files), files
    assert not any('\u202e' in (p.get_filename() or '') for p in m.walk())
    for p in m.walk():
        for name in ('Content-Type', 'Content-Disposition'):
            assert not (p[name] and p[name].defects), (name, p[name].defects)
    assert max(len(line) for line in raw.as_bytes().split(b'\n')) <= 80
print('valid')
PY
check "its headers and file names are encoded, no line over 78" \
  grep -qx valid "$work/hostile-parsed.txt"
[ "$(tail -1 "$work/hostile-parsed.txt")" = valid ] || cat "$work/hostile-parsed.txt" >&2

# A server that accepts the connection and never answers: msmtp waits on it, and the run
# stops it at deliver.timeout instead of hanging with the output's lock held.
stop_server
python3 - "$port" <<'PY' >"$work/silent.log" 2>&1 &
import socket, sys, time
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(('127.0.0.1', int(sys.argv[1]))); s.listen(8)
held = []
deadline = time.time() + 120
s.settimeout(1)
while time.time() < deadline:
    try: held.append(s.accept()[0])
    except socket.timeout: pass
PY
server=$!
sleep 0.5
sed -i 's/^  from: AuraLift <reports@gym.example>$/  from: AuraLift <reports@gym.example>\n  timeout: 2/' \
  "$work/nightly.yaml"
cp -r "$work/dataset/sessions/s-000002" "$work/dataset/sessions/s-later"
sed -i "s/\"s-000002\"/\"s-later\"/" "$work/dataset/sessions/s-later/session.json"
week_passes "$work/out"
started=$(date +%s)
"$binary" run "$work/nightly.yaml" --quiet >"$work/run5.out" 2>&1
status=$?
took=$(($(date +%s) - started))
check "a silent server: the run exits 4" test $status -eq 4
check "and says the command took longer than 2 s" grep -q "took longer than 2 s" "$work/run5.out"
check "in well under a minute ($took s)" test "$took" -lt 60
stop_server

# A wrapper script whose child hangs: its whole process group is stopped at deliver.timeout
# (2 s), the child with it, the second coach's message deferred, the lock freed (--resend:
# both coaches' messages are due).
ledger() {
  python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT count(*) FROM delivery").fetchone()[0])' \
    "$work/out/.state/records.sqlite"
}
printf '#!/bin/sh\nsleep 987\n' >"$work/hanging-wrapper"
printf '#!/bin/sh\nsleep 1\nexit 0\n' >"$work/unread-wrapper"
chmod +x "$work/hanging-wrapper" "$work/unread-wrapper"
sed -i "s|^  command: .*|  command: $work/hanging-wrapper|" "$work/nightly.yaml"
before=$(ledger)
started=$(date +%s)
"$binary" deliver "$work/nightly.yaml" --resend >"$work/deliver-hung.out" 2>&1
status=$?
took=$(($(date +%s) - started))
check "a wrapper whose child hangs: deliver exits 4" test $status -eq 4
check "within deliver.timeout + 10 s ($took s)" test "$took" -le 12
check "its child was stopped with it" bash -c '! pgrep -x -f "sleep 987" >/dev/null'
check "the other message was deferred, not tried" \
  grep -q "^not delivered: 1 more message deferred" "$work/deliver-hung.out"
# The lock was freed: the next deliver runs. A command that exits 0 without reading its
# message (which fits the pipe's buffer) is not recorded.
sed -i "s|^  command: .*|  command: $work/unread-wrapper|" "$work/nightly.yaml"
"$binary" deliver "$work/nightly.yaml" --resend >"$work/deliver-unread.out" 2>&1
check "a command that exits 0 unread: deliver exits 4" test $? -eq 4
check "and says it did not read the message" \
  grep -q "exited 0 without reading the whole message" "$work/deliver-unread.out"
check "and nothing is recorded as delivered" test "$(ledger)" -eq "$before"

checks_done

#!/bin/bash
# Prints the ConfigMap the shard and publish Jobs read (/config/nightly.yaml): the pipeline
# file given, every parameter as it is, with the dataset and the cache on the shared
# ReadWriteMany volume (/data) and the publication on the publisher's own volume (/published).
# A password in the store URL is left out of the ConfigMap (which anyone who may read the
# namespace's configuration reads): keep it in the Secret auralift-store, key PGPASSWORD,
# which the publish Job reads.
#
#   deploy/k8s/configmap.sh pipelines/nightly.yaml | kubectl apply -f -
#   kubectl create secret generic auralift-store --from-literal=PGPASSWORD=...
set -euo pipefail
pipeline=${1:?usage: $0 PIPELINE}
if grep -Eq "^store:[[:space:]]*[\"']?[a-z]+://[^:/@]*:[^@]*@" "$pipeline"; then
  echo "configmap.sh: the store URL's password is left out; put it in the Secret auralift-store (PGPASSWORD)" >&2
fi
cat <<HEAD
apiVersion: v1
kind: ConfigMap
metadata:
  name: auralift-pipeline
  labels:
    app.kubernetes.io/name: auralift
data:
  nightly.yaml: |
HEAD
sed -e '/^cache:/d' \
  -e 's|^dataset:.*|dataset: /data/dataset\ncache: /data/cache|' \
  -e 's|^out:.*|out: /published|' \
  -e "s|^\\(store:[[:space:]]*[\"']\\{0,1\\}[a-z]*://[^:/@]*\\):[^@]*@|\\1@|" "$pipeline" | sed 's/^/    /'

#!/bin/bash
# Prints the ConfigMap the shard and publish Jobs read (/config/nightly.yaml): the pipeline
# file given, every parameter as it is, with the dataset and the cache on the shared
# ReadWriteMany volume (/data) and the publication on the publisher's own volume (/published).
#
#   deploy/k8s/configmap.sh pipelines/nightly.yaml | kubectl apply -f -
set -euo pipefail
pipeline=${1:?usage: $0 PIPELINE}
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
  -e 's|^out:.*|out: /published|' "$pipeline" | sed 's/^/    /'

#!/usr/bin/env bash
# Baseline for --all --ndjson: the usual shell loop, curl for each page and jq to print the items
# and build the next URL from next_page_params.
set -euo pipefail
base="$1"
url="$base"
while :; do
  body=$(curl -sf "$url")
  jq -c '.items[]' <<<"$body"
  q=$(jq -r '.next_page_params // empty | to_entries | map("\(.key)=\(.value // "null")") | join("&")' <<<"$body")
  [ -n "$q" ] || break
  url="$base?$q"
done

#!/bin/sh
# Distributed perft with GNU parallel: split the tree into jobs, run them
# on this machine or over ssh on many, merge and check the results.
#
#   sh examples/perft-parallel.sh --variant hop --depth 5 --at 2
#   HOSTS=hosts.txt sh examples/perft-parallel.sh --variant hop --depth 5 --at 2
#
# Arguments: those of `arbiter split` (variant, position, moves, rules,
# --depth, --at). Environment:
#   ARBITER  the arbiter command (default: arbiter; on every host's PATH
#            when HOSTS is set, all hosts running the same version)
#   DIR      the run's folder (default: perft-run): jobs.jsonl,
#            results.jsonl, joblog
#   HOSTS    a GNU parallel --sshloginfile (one `[N/]host` a line; `:` is
#            this machine); unset: this machine only
#   JOBS     jobs at once per host (default: one per core, GNU parallel's)
#   HASH     --hash MB for each job (default 0: none)
#
# Run it again after an interruption (a reboot, a lost host): it keeps
# jobs.jsonl, skips the jobs the joblog lists as done (--resume-failed)
# and appends to results.jsonl; `arbiter merge` then checks that every job
# has exactly one result. Exit code: merge's (0 and the count on stdout;
# 1 with the jobs to rerun listed; 2 bad input).
set -eu
ARBITER=${ARBITER:-arbiter}
DIR=${DIR:-perft-run}
mkdir -p "$DIR"
if [ ! -s "$DIR/jobs.jsonl" ]; then
    "$ARBITER" split "$@" > "$DIR/jobs.jsonl.part"
    mv "$DIR/jobs.jsonl.part" "$DIR/jobs.jsonl"
fi
# The first line is the split's header, not a job. parallel quotes each
# job line for the local or remote shell.
parallel --will-cite --skip-first-line -a "$DIR/jobs.jsonl" \
    ${HOSTS:+--sshloginfile "$HOSTS"} ${JOBS:+--jobs "$JOBS"} \
    --joblog "$DIR/joblog" --resume-failed --retries 3 \
    "$ARBITER" perft --quiet --hash "${HASH:-0}" --job {} >> "$DIR/results.jsonl" || true
exec "$ARBITER" merge "$DIR/jobs.jsonl" "$DIR/results.jsonl"

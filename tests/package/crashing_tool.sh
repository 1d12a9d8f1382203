#!/bin/sh
# A stand-in for the oneshader tool that dies of a signal on every run: scripts/pgo_train.py must
# report such compiles as crashes and fail (tests/package/CMakeLists.txt).
kill -SEGV $$

#!/usr/bin/env python3
"""A fake coding-agent CLI for tests: NDJSON events on stdout (as `pi --mode json` prints
them), log lines on stderr in between, one 8 MiB message_update line, one malformed
line, and a last event without a trailing newline."""
import json
import sys
import time

out = sys.stdout.buffer
err = sys.stderr.buffer


def event(obj):
    out.write(json.dumps(obj, separators=(",", ":")).encode() + b"\n")
    out.flush()


def log(text):
    err.write(text.encode() + b"\n")
    err.flush()


event({"type": "session", "id": "7f3a", "cwd": "/work"})
log("[info] model loaded")
event({"type": "agent_start", "model": "m-1"})
text = ""
for i, word in enumerate(["Reading", " the", " files", " \u00e9t\u00e9", " \u2713"]):
    text += word
    event({"type": "message_update", "index": i, "delta": word, "text": text})
    log("[debug] token %d" % i)
event({"type": "tool_execution_start", "tool": "bash", "args": {"cmd": "ls -la"}})
# A chunk of stdout, a stderr line, then the rest of the same stdout line.
out.write(b'{"type":"tool_execution_end","tool":"bash",')
out.flush()
time.sleep(0.05)
log("[warn] tool output truncated")
out.write(b'"exit_code":0}\r\n')
out.flush()
big = "x" * (8 * 1024 * 1024)
event({"type": "message_update", "index": 5, "delta": big})
out.write(b"not json {\n")
out.flush()
log("[info] done")
out.write(b'{"type":"agent_end","ok":true}')
out.flush()

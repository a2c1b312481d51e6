"""Posts request bodies with Python's urllib, as a merchant's Python integration would.

argv[1]: JSON list of {"url", "method", "file", "headers"}; prints one JSON line per request:
{"status": int, "body": str} when an answer was read, {"error": "..."} when the client failed
(e.g. BrokenPipeError when the server closed while the body was still being sent).
"""
import json
import sys
import urllib.error
import urllib.request

for case in json.loads(sys.argv[1]):
    with open(case["file"], "rb") as f:
        data = f.read()
    req = urllib.request.Request(case["url"], data=data, headers=case["headers"], method=case["method"])
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            out = {"status": r.status, "body": r.read().decode("utf-8", "replace")}
    except urllib.error.HTTPError as e:
        out = {"status": e.code, "body": e.read().decode("utf-8", "replace")}
    except Exception as e:  # noqa: BLE001 - any client failure is the finding
        out = {"error": repr(e)}
    print(json.dumps(out), flush=True)

#!/usr/bin/env python3
"""Reference phase-1 gate, written from the seed (retro-gate.md) and its behaviour notes the way the
original script works: one pass, json.loads on every line. Used by the benchmark as the baseline to beat
and by the differential check as an independent second implementation."""
import hashlib, json, os, re, sys

S1_RE = re.compile(r"\b(revert|stop|wrong|don'?t|why did you|no that'?s|undo|that'?s not|nope)\b", re.I)
S4_RE = re.compile(r"\b(let me try again|let me try a different|that didn'?t work|actually,? let me|sorry,? let me|my mistake|i'?ll try)\b", re.I)
NOTE_RE = re.compile(r"<[a-z][a-z0-9-]*[\s>]")
APPROVALS = set("waive ok okay yes sure proceed done approved ship merge lgtm ack go yep yup fine agreed".split())
EDIT_TOOLS = {"Edit", "Write", "MultiEdit", "NotebookEdit"}
KNOWN = ("type", "uuid", "message", "parentUuid", "sessionId", "timestamp")


def text_of(content):
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(b["text"] for b in content if isinstance(b, dict) and b.get("type") == "text" and isinstance(b.get("text"), str) and b.get("text"))
    return ""


def threshold_from_env():
    raw = os.environ.get("RETRO_THRESHOLD", "")
    if raw == "":
        return 5.0
    try:
        return float(raw)
    except ValueError:
        sys.stderr.write("retro-gate: invalid RETRO_THRESHOLD\n")
        return 5.0


def emit(score, threshold, signals, error=None):
    out = {"score": score, "passed": score >= threshold, "threshold": threshold, "signals": signals}
    if error is not None:
        out["error"] = error
    print(json.dumps(out, separators=(",", ":")))


def main():
    threshold = threshold_from_env()
    if len(sys.argv) < 2 or not sys.argv[1]:
        return emit(0.0, threshold, [], "missing jsonl path")
    path = sys.argv[1]
    if not os.path.isfile(path):
        return emit(0.0, threshold, [], "file not found")
    session_id = None
    turn = -1
    last_len = 0
    run_len = 0
    run_anchor = None
    s1, s1_lines, s2, s4, s5, err_lines = [], [], [], [], [], []
    edits = {}
    known = False
    nonempty = os.path.getsize(path) > 0

    def close_run():
        nonlocal run_len
        if run_len >= 2:
            s2.append(run_anchor)
        run_len = 0

    with open(path, encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f):
            line = line.strip()
            if not line:
                continue
            try:
                obj = json.loads(line)
            except Exception:
                continue
            if not isinstance(obj, dict):
                continue
            if n < 50 and any(k in obj for k in KNOWN):
                known = True
            if session_id is None:
                sid = obj.get("sessionId")
                if not (isinstance(sid, str) and sid):
                    sid = obj.get("session_id")
                if isinstance(sid, str) and sid:
                    session_id = sid
            t = obj.get("type")
            if t not in ("user", "assistant"):
                continue
            uid = obj.get("uuid") or obj.get("messageId") or f"line:{n}"
            msg = obj.get("message")
            if not isinstance(msg, dict):
                msg = {}
            content = msg.get("content")
            blocks = content if isinstance(content, list) else []
            if t == "assistant":
                turn += 1
                text = text_of(content)
                last_len = len(text)
                for _ in S4_RE.findall(text):
                    s4.append(uid)
                for b in blocks:
                    if isinstance(b, dict) and b.get("type") == "tool_use" and b.get("name") in EDIT_TOOLS and isinstance(b.get("name"), str):
                        inp = b.get("input")
                        if not isinstance(inp, dict):
                            continue
                        p = None
                        for k in ("file_path", "notebook_path", "path"):
                            v = inp.get(k)
                            if isinstance(v, str) and v:
                                p = v
                                break
                        if p is not None:
                            edits.setdefault(p, []).append((turn, uid, b["name"], n))
                continue
            results = [b for b in blocks if isinstance(b, dict) and b.get("type") == "tool_result"]
            for b in results:
                if b.get("is_error"):
                    err_lines.append(n)
                    if run_len == 0:
                        run_anchor = uid
                    run_len += 1
                else:
                    close_run()
            text = text_of(content)
            if results or not text or obj.get("isMeta"):
                continue
            injected = bool(NOTE_RE.search(text)) or text.startswith("This session is being continued")
            if not injected:
                for _ in S1_RE.findall(text):
                    s1.append(uid)
                    s1_lines.append(n)
                words = text.split()
                if last_len >= 500 and 1 <= len(words) <= 3 and not text.lstrip().startswith("/") \
                        and not any(w.lower().strip(".,!?") in APPROVALS for w in words):
                    s5.append(uid)
            close_run()
    close_run()
    if nonempty and not known:
        sys.stderr.write(f"retro-gate: no known JSONL fields seen in first 50 lines of {path}; possible schema drift.\n")
    if session_id is None:
        session_id = os.path.basename(path)[:-6] if path.endswith(".jsonl") else os.path.basename(path)
    s3 = []
    for p, lst in edits.items():
        if len(lst) < 3:
            continue
        for i in range(len(lst) - 2):
            first, last = lst[i], lst[i + 2]
            if last[0] - first[0] > 10:
                continue
            created = lst[0]
            exempt = created[2] == "Write" and not any(created[3] < x <= last[3] for x in err_lines + s1_lines)
            if not exempt:
                s3.append(first[1])
            break
    if os.environ.get("RETRO_FORCE_TRANSCRIPT_S2") != "1":
        ledger = os.environ.get("FRICTION_LEDGER")
        rows = []
        if ledger:
            try:
                with open(ledger, encoding="utf-8", errors="replace") as lf:
                    for raw in lf:
                        raw = raw.strip()
                        if not raw:
                            continue
                        try:
                            row = json.loads(raw)
                        except Exception:
                            continue
                        if isinstance(row, dict) and row.get("session_id") == session_id and isinstance(row.get("event"), str):
                            rows.append(row)
            except OSError:
                rows = []
        if len(rows) == 1:
            s2 = []
        elif len(rows) >= 2:
            s2 = [f"ledger:{rows[0]['event']}:{rows[0].get('ts', '')}"]
    signals = []
    score = 0.0
    for name, hits, weight, cap, keep in (("S1", s1, 3.0, 3, 3), ("S2", s2, 2.0, None, 10), ("S3", s3, 2.5, None, 10), ("S4", s4, 1.5, 3, 3), ("S5", s5, 1.0, 4, 4)):
        if not hits:
            continue
        count = len(hits) if cap is None else min(len(hits), cap)
        score += weight * count
        signals.append({"name": name, "count": count, "ids": hits[:keep]})
    emit(round(score, 2), threshold, signals)


main()

#!/usr/bin/env python3
"""Reads a FIT file with Garmin's own FIT SDK for Python (garmin-fit-sdk) and with fitdecode, and
prints one JSON object of what each found: errors, records, laps, the session's distance and the
last record's distance. Exits 2 when a reader is not installed (the callers skip or fail on it).

Usage: scripts/read-fit-export.py FILE.fit
"""
import json
import sys

try:
    from garmin_fit_sdk import Decoder, Stream
    import fitdecode
except ImportError as missing:
    print(f"read-fit-export: {missing.name} is not installed (pip install garmin-fit-sdk fitdecode)", file=sys.stderr)
    sys.exit(2)


def garmin(path):
    is_fit = Decoder(Stream.from_file(path)).is_fit()
    crc_ok = Decoder(Stream.from_file(path)).check_integrity()
    messages, errors = Decoder(Stream.from_file(path)).read(convert_datetimes_to_dates=False)
    records = messages.get("record_mesgs", [])
    sessions = messages.get("session_mesgs", [])
    return {
        "is_fit": is_fit,
        "integrity": crc_ok,
        "errors": [str(e) for e in errors],
        "records": len(records),
        "positions": sum(1 for r in records if r.get("position_lat") is not None and r.get("position_long") is not None),
        "laps": len(messages.get("lap_mesgs", [])),
        "sessions": len(sessions),
        "activities": len(messages.get("activity_mesgs", [])),
        "session_distance": sessions[0].get("total_distance") if sessions else None,
        "last_record_distance": records[-1].get("distance") if records else None,
        "heart_rates": sum(1 for r in records if r.get("heart_rate") is not None),
    }


def fitdecode_reading(path):
    records, laps, sessions, last = 0, 0, [], None
    with fitdecode.FitReader(path, check_crc=fitdecode.CrcCheck.RAISE) as fit:
        for frame in fit:
            if not isinstance(frame, fitdecode.FitDataMessage):
                continue
            if frame.name == "record":
                records += 1
                if frame.has_field("distance"):
                    last = frame.get_value("distance")
            elif frame.name == "lap":
                laps += 1
            elif frame.name == "session":
                sessions.append(frame.get_value("total_distance"))
    return {"records": records, "laps": laps, "sessions": len(sessions),
            "session_distance": sessions[0] if sessions else None, "last_record_distance": last}


path = sys.argv[1]
result = {"garmin": garmin(path)}
try:
    result["fitdecode"] = fitdecode_reading(path)
except Exception as error:  # a reader's refusal is the finding, not a crash of this script
    result["fitdecode"] = {"error": f"{type(error).__name__}: {error}"}
print(json.dumps(result))

#!/usr/bin/env python3
"""Checks the TripPin test servers' contained entities by path (containment.py) against running servers.

    scripts/test-servers.sh start v4 offline plain
    set -a; . .build-servers/servers.env; set +a
    python3 Tests/Servers/check_containment.py

Uses MOBILESDK_TEST_ODATA_V4_URL, _PLAIN_URL and _OFFLINE_URL (those set); creates people named
ct-<random> so that it can run against servers that hold other data. Exits 1 on the first mismatch.
"""

import json
import os
import sys
import urllib.error
import urllib.request
import uuid

TRIP = {"ShareId": "9d9b2fa0-efbf-490e-a5e3-bac8f7d47354", "Name": "x", "Budget": 1, "Description": "",
        "Tags": [], "StartsAt": "2026-01-01T00:00:00Z", "EndsAt": "2026-01-04T00:00:00Z"}


def request(method, url, body=None, **headers):
    data = None if body is None else json.dumps(body).encode()
    if data is not None:
        headers["Content-Type"] = "application/json"
    req = urllib.request.Request(url, data=data, method=method,
                                 headers={k.replace("_", "-"): v for k, v in headers.items()})
    try:
        with urllib.request.urlopen(req) as response:
            raw, status, answer_headers = response.read(), response.status, response.headers
    except urllib.error.HTTPError as error:
        raw, status, answer_headers = error.read(), error.code, error.headers
    return status, (json.loads(raw) if raw else None), answer_headers


def check(root, upsert):
    people = root + "People"
    a, b = "ct-" + uuid.uuid4().hex[:8], "ct-" + uuid.uuid4().hex[:8]
    failures = []

    def expect(expected, method, path, body=None, **headers):
        status, payload, answer_headers = request(method, root + path, body, **headers)
        if status != expected:
            failures.append("%s %s: %d, expected %d: %s" % (method, path, status, expected, payload))
        return payload, answer_headers

    for name in (a, b):
        expect(201, "POST", "People", {"UserName": name, "FirstName": "C", "LastName": "T", "Emails": [],
                                       "Gender": "Female", "Trips": [dict(TRIP, TripId=1)]})
    delta_link = request("GET", people + "?$select=UserName", Prefer="odata.track-changes")[1].get("@odata.deltaLink")
    trip = expect(200, "GET", "People('%s')/Trips(1)" % a)[0]
    if trip and trip.get("TripId") != 1:
        failures.append("GET People('%s')/Trips(1): %s" % (a, trip))
    expect(404, "GET", "People('%s')/Trips(2)" % a)
    expect(404, "GET", "People('nobody-%s')/Trips(1)" % a)
    expect(204, "PATCH", "People('%s')/Trips(1)" % a, {"Name": "renamed"})
    trip = expect(200, "PATCH", "People('%s')/Trips(1)" % a, {"Budget": 5}, Prefer="return=representation",
                  If_Match="*")[0]
    if trip and (trip.get("Name"), trip.get("Budget")) != ("renamed", 5):
        failures.append("PATCH merged into %s" % trip)
    expect(404, "PATCH", "People('%s')/Trips(9)" % a, {"Name": "n"})
    expect(201 if upsert else 404, "PATCH", "People('%s')/Trips(9)" % a, dict(TRIP), If_None_Match="*")
    expect(412, "PATCH", "People('%s')/Trips(1)" % a, dict(TRIP), If_None_Match="*")
    expect(404, "PATCH", "People('nobody-%s')/Trips(1)" % a, dict(TRIP), If_None_Match="*")
    _, headers = expect(201, "POST", "People('%s')/Trips" % a, dict(TRIP, TripId=2))
    if not (headers.get("Location") or "").endswith("People('%s')/Trips(2)" % a):
        failures.append("POST People('%s')/Trips: Location %s" % (a, headers.get("Location")))
    expect(409, "POST", "People('%s')/Trips" % a, dict(TRIP, TripId=2))
    expect(400, "POST", "People('%s')/Trips" % a, dict(TRIP))
    expect(404, "POST", "People('nobody-%s')/Trips" % a, dict(TRIP, TripId=1))
    expect(204, "DELETE", "People('%s')/Trips(2)" % a)
    expect(404, "DELETE", "People('%s')/Trips(2)" % a)
    expect(201, "POST", "People('%s')/Trips(1)/PlanItems" % a, {"PlanItemId": 1, "ConfirmationCode": "A",
                                                              "Duration": "PT1H"})
    expect(200, "GET", "People('%s')/Trips(1)/PlanItems(1)" % a)
    expect(204, "DELETE", "People('%s')/Trips(1)/PlanItems(1)" % a)
    # Keys are unique within the person only: b's trip 1 is untouched.
    other = expect(200, "GET", "People('%s')/Trips(1)" % b)[0]
    if other and other.get("Name") != "x":
        failures.append("People('%s')/Trips(1) changed: %s" % (b, other))
    listed = expect(200, "GET", "People('%s')/Trips?$select=TripId" % a)[0] or {}
    expected_ids = [1, 9] if upsert else [1]
    if [t["TripId"] for t in listed.get("value", [])] != expected_ids:
        failures.append("GET People('%s')/Trips: %s" % (a, listed))
    expanded = expect(200, "GET", "People('%s')?$expand=Trips($select=TripId,Name)" % a)[0] or {}
    if [t["TripId"] for t in expanded.get("Trips", [])] != expected_ids:
        failures.append("$expand=Trips: %s" % expanded)
    if delta_link:
        delta = request("GET", delta_link)[1] or {}
        names = [e.get("UserName") for e in delta.get("value", [])]
        if a not in names or b in names:
            failures.append("delta after contained changes: %s" % delta)
    return failures


def main():
    servers = [("MOBILESDK_TEST_ODATA_V4_URL", False), ("MOBILESDK_TEST_PLAIN_URL", False),
               ("MOBILESDK_TEST_OFFLINE_URL", True)]
    ran = 0
    for variable, upsert in servers:
        root = os.environ.get(variable)
        if not root:
            continue
        ran += 1
        failures = check(root, upsert)
        print("%s: %s" % (variable, "ok" if not failures else "FAILED"))
        for failure in failures:
            print("  " + failure)
        if failures:
            return 1
    if not ran:
        print("no server URL set; start them with scripts/test-servers.sh and load .build-servers/servers.env")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

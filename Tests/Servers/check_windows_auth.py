#!/usr/bin/env python3
"""Checks that the windows and orgwindows test servers do Windows authentication for real (windows_auth.py), with
libcurl's NTLM (`curl --ntlm`) and pyspnego's client (NTLM, and Negotiate carrying NTLM in SPNEGO):

    scripts/test-servers.sh start windows orgwindows
    set -a; . .build-servers/servers.env; set +a
    .build-servers/venv/bin/python Tests/Servers/check_windows_auth.py

For each server whose MOBILESDK_TEST_<NAME>_URL is set: a request without credentials is refused with both offers;
curl's handshake (type 1, the server's type 2, type 3) signs in on one connection, as its request log shows; a wrong
password is refused; pyspnego's NTLM and Negotiate sign a connection in, whose later requests then need no
Authorization header while a new connection does. Needs pyspnego (the servers' venv has it). Exits 1 on a mismatch.
"""

import base64
import http.client
import os
import subprocess
import sys
import urllib.parse

import spnego

SERVERS = (("MOBILESDK_TEST_WINDOWS", "$metadata"), ("MOBILESDK_TEST_ORGWINDOWS", "XRMServices/2011/Organization.svc/web"))


def curl(url, *arguments):
    """The status curl got for GET `url`."""
    result = subprocess.run(["curl", "--silent", "--output", "/dev/null", "--write-out", "%{http_code}",
                             "--max-time", "10", *arguments, url], capture_output=True, text=True, check=False)
    return int(result.stdout or "0")


def last_lines(log, count):
    with open(log, encoding="utf-8") as f:
        return f.read().splitlines()[-count:]


def field(line, name):
    return next((part.split("=", 1)[1] for part in line.split() if part.startswith(name + "=")), None)


def sign_in(url, protocol, user, password):
    """(statuses, offers) of a handshake by pyspnego on one connection, then a request without credentials on it and
    one on a new connection."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    context = spnego.client(user, password, protocol=protocol)
    scheme = "NTLM" if protocol == "ntlm" else "Negotiate"
    statuses, token = [], context.step()
    while token is not None:
        connection.request("GET", parts.path, headers={"Authorization": "%s %s" % (scheme, base64.b64encode(token)
                                                                                    .decode())})
        response = connection.getresponse()
        response.read()
        statuses.append(response.status)
        offered = [v for k, v in response.getheaders() if k.lower() == "www-authenticate"]
        reply = next((v.split(" ", 1)[1] for v in offered if v.startswith(scheme + " ")), None)
        if response.status != 401 or reply is None:
            break
        token = context.step(base64.b64decode(reply))
    connection.request("GET", parts.path)
    response = connection.getresponse()
    response.read()
    statuses.append(response.status)
    connection.close()
    fresh = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    fresh.request("GET", parts.path)
    response = fresh.getresponse()
    response.read()
    statuses.append(response.status)
    fresh.close()
    return statuses


def check(prefix, path):
    url = os.environ[prefix + "_URL"] + path
    user = "%s\\%s" % (os.environ[prefix + "_DOMAIN"], os.environ[prefix + "_USER"])
    password, log = os.environ[prefix + "_PASSWORD"], os.environ[prefix + "_LOG"]
    failures = []

    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.request("GET", parts.path)
    response = connection.getresponse()
    offers = [v for k, v in response.getheaders() if k.lower() == "www-authenticate"]
    connection.close()
    if response.status != 401 or offers != ["Negotiate", "NTLM"]:
        failures.append("without credentials: %d %s, expected 401 offering Negotiate and NTLM" % (response.status,
                                                                                                 offers))

    status = curl(url, "--ntlm", "--user", "%s:%s" % (user, password))
    lines = last_lines(log, 2)
    steps = [(field(line, "step"), field(line, "connection")) for line in lines]
    if status != 200 or [s for s, _ in steps] != ["challenge", "signed-in"] or steps[0][1] != steps[1][1]:
        failures.append("curl --ntlm: %d, log %s; expected 200 after a challenge on the same connection" % (status,
                                                                                                          lines))
    status = curl(url, "--ntlm", "--user", "%s:%s" % (user, "not-" + password))
    if status != 401 or field(last_lines(log, 1)[0], "step") != "refused":
        failures.append("curl --ntlm with a wrong password: %d, expected 401 and a refusal in the log" % status)

    for protocol in ("ntlm", "negotiate"):
        statuses = sign_in(url, protocol, user, password)
        if statuses != [401, 200, 200, 401]:
            failures.append("pyspnego %s: %s, expected [401, 200, 200, 401] (challenge, signed in, the connection "
                            "still signed in, a new one not)" % (protocol, statuses))
        statuses = sign_in(url, protocol, user, "not-" + password)
        if statuses[:2] != [401, 401]:
            failures.append("pyspnego %s with a wrong password: %s, expected refusals" % (protocol, statuses))
    return failures


def main():
    ran = 0
    for prefix, path in SERVERS:
        if not os.environ.get(prefix + "_URL"):
            continue
        ran += 1
        failures = check(prefix, path)
        print("%s_URL: %s" % (prefix, "ok" if not failures else "FAILED"))
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

#!/usr/bin/env python3
"""Checks that every running test server keeps a client's connection open between requests, as the services they
stand for do (HTTP/1.1 persistent connections): a client that reuses connections must be measured and tested as it
behaves against them.

    scripts/test-servers.sh start
    set -a; . .build-servers/servers.env; set +a
    python3 Tests/Servers/check_connections.py

Reads every MOBILESDK_TEST_*_URL; on one connection per server, asks the service root twice and posts a small body
to a path no server knows (answered 404 or 405: nothing changes), then asks the root again. Exits 1 when a server
ended the connection or announced it would.
"""

import http.client
import os
import sys
import urllib.parse


def check(name, url):
    """A failure message for the server at `url`, or None when it kept the connection."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    path = parts.path or "/"
    requests = [("GET", path, None), ("GET", path, None), ("POST", path + "connection-check", b"{}"),
                ("GET", path, None)]
    socket = None
    try:
        for method, target, body in requests:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            connection.request(method, target, body=body, headers=headers)
            response = connection.getresponse()
            response.read()
            if response.will_close:
                return "%s: %s %s answered %d and closed the connection" % (name, method, target, response.status)
            if socket is not None and connection.sock is not socket:
                return "%s: %s %s came on a new connection" % (name, method, target)
            socket = connection.sock
    except (OSError, http.client.HTTPException) as error:
        return "%s: %s" % (name, error)
    finally:
        connection.close()
    return None


def main():
    servers = sorted((key, value) for key, value in os.environ.items()
                     if key.startswith("MOBILESDK_TEST_") and key.endswith("_URL") and value.startswith("http://"))
    if not servers:
        sys.exit("check_connections: no MOBILESDK_TEST_*_URL set: start the servers and load .build-servers/servers.env")
    failures = [message for message in (check(key, value) for key, value in servers) if message]
    for message in failures:
        print("check_connections: " + message, file=sys.stderr)
    if failures:
        sys.exit(1)
    print("check_connections: %d servers keep their connections" % len(servers))


if __name__ == "__main__":
    main()

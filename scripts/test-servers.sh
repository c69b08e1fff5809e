#!/usr/bin/env bash
# Starts or stops the third-party OData servers the integration tests run against, by name:
#   v4:        odatapy (OData v4, SampleMetadata/TripPin.xml)                  -> MOBILESDK_TEST_ODATA_V4_URL
#   v2:        pyslet  (OData v2, SampleMetadata/CRM2011.OrganizationData.xml) -> MOBILESDK_TEST_ODATA_V2_URL
#     (and SampleMetadata/Gallery.v2.xml, media link entries, beside it -> MOBILESDK_TEST_ODATA_V2_MEDIA_URL)
#   dataverse: odatapy (OData v4, SampleMetadata/Dataverse.WebApi.xml)         -> MOBILESDK_TEST_DATAVERSE_URL
#     (with a revalidatable $metadata, the Web API's EntityDefinitions requests answered from
#     SampleMetadata/Dataverse.EntityDefinitions.json by Tests/Servers/entity_definitions.py, lookups as
#     Dataverse keeps them: a bound navigation property sets its _x_value property, which GET and $filter
#     see, with its FormattedValue, lookuplogicalname and associatednavigationproperty annotations when
#     Prefer: odata.include-annotations asks: Tests/Servers/dataverse_lookups.py; a POST without its GUID
#     key gets one, deep-inserted records too (an appointment's appointment_activity_parties); and
#     its request log MOBILESDK_TEST_DATAVERSE_LOG)
#   secured:   odatapy (OData v4, SampleMetadata/TripPin.xml) behind sign-in    -> MOBILESDK_TEST_SECURED_URL
#     (a bearer token or basic user/password, a revalidatable $metadata and the /fetch-test/ paths of
#     Tests/Servers/fetch_guard.py, for `mobilesdkgen fetch`): MOBILESDK_TEST_SECURED_TOKEN, _USER and
#     _PASSWORD (fresh each start), MOBILESDK_TEST_SECURED_LOG (its request log, no secrets in it)
#   oauth:     Authlib (OAuth 2.0 server, Tests/Servers/oauth_server.py)        -> MOBILESDK_TEST_OAUTH_URL
#     (client credentials, refresh and device code grants, and TripPin's $metadata behind its bearer
#     tokens at odata/): MOBILESDK_TEST_OAUTH_CLIENT_ID with _CLIENT_SECRET (confidential),
#     _DEVICE_CLIENT_ID and _SHORT_CLIENT_ID (public, the latter's tokens living 5 s), _APP_CLIENT_ID
#     (public, authorization code with PKCE at oauth/authorize), all fresh each
#     start, and MOBILESDK_TEST_OAUTH_LOG (its request log, no secrets in it); the same grants as AD FS answers
#     them at adfs/oauth2/ (resource required), for a Dynamics-shaped api/data/v9.0/: Tests/Servers/adfs.py
# For the offline store's tests, three servers that track changes; each keeps a request log whose lines also
# carry the request's offline headers (see below), and each takes POST <service root>$test/expire-delta-tokens
# (204), which makes every delta token handed out so far answer 410 Gone:
#   offline:   odatapy (OData v4, SampleMetadata/TripPin.xml) -> MOBILESDK_TEST_OFFLINE_URL, _LOG
#     (delta links on the last page only, kept query options, $filter in deltas, 410 for unknown or expired
#     $deltatoken; PATCH with If-None-Match: * creates (201, or 412 if the key exists); OASIS repeatable
#     requests (Repeatability-Request-ID and -First-Sent); ETags on ODATA_TEST_OFFLINE_ETAG_SETS:
#     Tests/Servers/offline_processing.py, repeatable_requests.py)
#   sapdelta:  pyslet (OData v2, SampleMetadata/SAPDelta.v2.xml at /sap/opu/odata/sap/ZSAMPLE_PRODUCTS_SRV/)
#     -> MOBILESDK_TEST_SAP_DELTA_URL, _LOG (SAP Gateway-style delta queries in verbose JSON: "__delta"
#     links ending in !deltatoken='...', deleted entities as tombstones: Tests/Servers/sap_delta.py; SAP Gateway's
#     repeatable requests: RequestID, 32 hex digits, and RepeatabilityCreation, an HTTP or ISO 8601 date, answered with
#     RepeatabilityResult: accepted, a repeat with the first answer: Tests/Servers/repeatable_requests.py)
#   dvdelta:   odatapy (OData 4.0, SampleMetadata/Dataverse.WebApi.xml, as dataverse) -> MOBILESDK_TEST_DVDELTA_URL,
#     _LOG (Dataverse's change tracking: $filter, $orderby, $expand, $top refused with it, deleted entities
#     named by bare GUID; the upsert of offline; a POST without its GUID key gets one; dataverse's lookups)
# And one without any of that, the kind of service that has neither repeatable requests nor upsert (an upload
# settles a request of unknown fate by reading the record back); its request log is like offline's:
#   plain:     odatapy (OData v4, SampleMetadata/TripPin.xml) -> MOBILESDK_TEST_PLAIN_URL, _LOG
#     (TripPin's operations, ResetDataSource included, and the ETags of offline; a PATCH to a key that does not
#     exist is 404, repeatability headers are ignored, no delta links beyond odatapy's own Prefer: odata.track-changes)
# For the organization service over SOAP (MobileSdkOrganizationService):
#   orgservice: Tests/Servers/organization_service.py, `Execute` answered from Tests/Servers/organization_exchanges,
#     the records Create, Retrieve, Update and Delete write kept and read back (party lists as Dynamics keeps them,
#     GET <root>$test/records/<id> for a test's plain-HTTP look: Tests/Servers/organization_records.py),
#     every request envelope validated against the published schemas of
#     ../shared/specs/dynamics-organization-service (not started, with a note, where they are absent)
#     -> MOBILESDK_TEST_ORGSERVICE_URL (its /throttled/ twin: a service-protection fault first), _TOKEN, _LOG
# For on-premises Dynamics behind IIS, Windows authentication: NTLM and Negotiate (carrying NTLM) on keep-alive
# connections, checked by pyspnego against a file of one user (Tests/Servers/windows_auth.py); the start checks each
# with `curl --ntlm`:
#   windows:    odatapy (OData v4, SampleMetadata/TripPin.xml) behind it -> MOBILESDK_TEST_WINDOWS_URL, _DOMAIN, _USER
#     and _PASSWORD (the user, fresh each start), _LOG (one line per request with its connection and handshake step,
#     never a token or a password)
#   orgwindows: the organization service of orgservice, without its bearer token, behind it
#     -> MOBILESDK_TEST_ORGWINDOWS_URL, _DOMAIN, _USER, _PASSWORD and _LOG, as windows's
# The request logs of dataverse, secured and these four have one line per request, fields separated by spaces:
#   METHOD PATH[?QUERY] STATUS if-none-match=yes|no auth=none|bearer|basic|... bytes=N[ NAME:VALUE]...
# where the NAME:VALUE fields, only in the logs of the four servers above, are the request headers Prefer,
# If-Match, If-None-Match, Repeatability-Request-ID, Repeatability-First-Sent, RequestID and RepeatabilityCreation
# (the last two: SAP's, as requestid: and repeatabilitycreation:) that were sent, in that order,
# the name in lower case and the value with "%", spaces and non-ASCII characters percent-encoded, e.g.
#   PATCH /odata/People('a') 412 if-none-match=yes auth=none bytes=87 if-none-match:*
# The TripPin servers (v4, secured, offline, plain) address contained entities by path as TripPin does:
# GET/PATCH/PUT/DELETE People('a')/Trips(1) and POST People('a')/Trips (keys unique within the person; a change
# puts the person in the next delta of People; offline's If-None-Match: * upsert covers them):
# Tests/Servers/containment.py, checked against running servers by Tests/Servers/check_containment.py.
# All listen on free ports of 127.0.0.1, keep their data in memory (empty at start) and page
# collections server-side. Everything lives in .build-servers/ of the repository root:
# venv/ (pinned packages, installed on first use), *.pid, *.log, and servers.env with the
# service roots of the servers running (`set -a; . .build-servers/servers.env; set +a` before `swift test`).
#
# Usage: scripts/test-servers.sh start|stop [NAME…]   (no name: all twelve; a name started again restarts)
# Environment: ODATA_TEST_PAGE_SIZE (default 2), ODATA_TEST_START_TIMEOUT in seconds (default 30),
#              ODATA_TEST_V4_ETAG_SETS (default Airports; empty for none),
#              ODATA_TEST_OFFLINE_ETAG_SETS (offline and plain; default People,Airlines; empty for none),
#              PYTHON (default python3).
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
state_dir="$repo_root/.build-servers"
venv="$state_dir/venv"
page_size="${ODATA_TEST_PAGE_SIZE:-2}"
start_timeout="${ODATA_TEST_START_TIMEOUT:-30}"
# Entity sets of the v4 service whose entities carry ETags (If-Match then required to change them).
v4_etag_sets="${ODATA_TEST_V4_ETAG_SETS-Airports}"
# The same for the offline and plain servers, whose tests need If-Match conflicts (412).
offline_etag_sets="${ODATA_TEST_OFFLINE_ETAG_SETS-People,Airlines}"
servers=(v4 v2 dataverse secured oauth offline sapdelta dvdelta plain orgservice windows orgwindows)
# The organization service's published schemas, which the SOAP server validates requests against: in ../shared
# beside the checkout, or, for a clone of a local checkout (as CI makes), beside the checkout it was cloned from.
organization_wsdl_path="shared/specs/dynamics-organization-service/Organization.svc.singleWsdl.wsdl"
organization_wsdl="$repo_root/../$organization_wsdl_path"
if [[ ! -f "$organization_wsdl" ]]; then
    origin="$(git -C "$repo_root" config --get remote.origin.url 2>/dev/null || true)"
    if [[ -n "$origin" && -d "$origin" && -f "$origin/../$organization_wsdl_path" ]]; then
        organization_wsdl="$(cd "$origin/.." && pwd)/$organization_wsdl_path"
    fi
fi

# Pinned versions; the marker file records what the venv holds, so a change here reinstalls.
requirements="odatapy==5.3.0 wheel pyslet==0.7.20170805 Authlib==1.3.2 Flask==3.1.3 lxml==5.3.0 pyspnego==0.12.4"

install_venv() {
    local marker="$venv/.installed"
    if [[ -f "$marker" && "$(cat "$marker")" == "$requirements" ]]; then
        return
    fi
    echo "Installing the OData test servers into $venv"
    rm -rf "$venv"
    "${PYTHON:-python3}" -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check odatapy==5.3.0 wheel
    # pyslet ships only an sdist; building it needs wheel already installed.
    "$venv/bin/pip" install --quiet --disable-pip-version-check pyslet==0.7.20170805
    "$venv/bin/pip" install --quiet --disable-pip-version-check Authlib==1.3.2 Flask==3.1.3 lxml==5.3.0
    # The server side of NTLM (Windows authentication), for the windows server.
    "$venv/bin/pip" install --quiet --disable-pip-version-check pyspnego==0.12.4
    echo "$requirements" > "$marker"
}

stop_server() {
    local name="$1" pid_file="$state_dir/$1.pid" pid
    [[ -f "$pid_file" ]] || return 0
    pid="$(cat "$pid_file")"
    if kill -0 "$pid" 2>/dev/null; then
        kill "$pid"
        for _ in $(seq 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    fi
    rm -f "$pid_file" "$state_dir/$name.url" "$state_dir/$name.env"
    rm -f "$state_dir/$name.users"
}

start_server() {
    local name="$1" script="$repo_root/Tests/Servers/odata_${1}_server.py" extra=() environment=()
    case "$name" in
        v4) extra=(--etag-sets "$v4_etag_sets") ;;
        # The Dataverse-shaped sample, served by the v4 server (the Activity Tracker example's service).
        dataverse)
            script="$repo_root/Tests/Servers/odata_v4_server.py"
            extra=(--metadata "$repo_root/SampleMetadata/Dataverse.WebApi.xml" --metadata-etag
                   --entity-definitions "$repo_root/SampleMetadata/Dataverse.EntityDefinitions.json"
                   --dataverse-lookups --generate-guid-keys --request-log "$state_dir/dataverse.requests.log") ;;
        # TripPin behind sign-in, for the tests of `mobilesdkgen fetch`.
        secured)
            script="$repo_root/Tests/Servers/odata_v4_server.py"
            extra=(--metadata "$repo_root/SampleMetadata/TripPin.xml" --bearer-token "$secured_token"
                   --basic "$secured_user:$secured_password" --metadata-etag --fetch-test-paths
                   --request-log "$state_dir/secured.requests.log") ;;
        # TripPin with change tracking, upserts and repeatable requests, for the offline store.
        offline)
            script="$repo_root/Tests/Servers/odata_v4_server.py"
            extra=(--etag-sets "$offline_etag_sets" --track-changes --upsert --repeatable-requests
                   --log-headers --request-log "$state_dir/offline.requests.log") ;;
        # TripPin without the offline extensions (no upsert, no repeatable requests), for the offline store.
        plain)
            script="$repo_root/Tests/Servers/odata_v4_server.py"
            extra=(--etag-sets "$offline_etag_sets" --log-headers --request-log "$state_dir/plain.requests.log") ;;
        # An SAP Gateway-style OData v2 service with delta queries, for the offline store.
        sapdelta)
            script="$repo_root/Tests/Servers/odata_v2_server.py"
            extra=(--metadata "$repo_root/SampleMetadata/SAPDelta.v2.xml" --no-media
                   --service-path /sap/opu/odata/sap/ZSAMPLE_PRODUCTS_SRV --sap-delta --sap-repeatable-requests
                   --log-headers --request-log "$state_dir/sapdelta.requests.log") ;;
        # The dataverse server with Dataverse's change tracking, for the offline store.
        dvdelta)
            script="$repo_root/Tests/Servers/odata_v4_server.py"
            extra=(--metadata "$repo_root/SampleMetadata/Dataverse.WebApi.xml" --metadata-etag
                   --entity-definitions "$repo_root/SampleMetadata/Dataverse.EntityDefinitions.json"
                   --odata-version 4.0 --dataverse-changes --upsert --generate-guid-keys --dataverse-lookups
                   --log-headers --request-log "$state_dir/dvdelta.requests.log") ;;
        # The organization service over SOAP, answering from recorded exchanges.
        orgservice)
            script="$repo_root/Tests/Servers/organization_service.py"
            extra=(--wsdl "$organization_wsdl" --exchanges "$repo_root/Tests/Servers/organization_exchanges"
                   --bearer-token "$secured_token" --request-log "$state_dir/orgservice.requests.log") ;;
        # TripPin behind Windows authentication (NTLM, Negotiate), as IIS fronts on-premises Dynamics.
        windows)
            script="$repo_root/Tests/Servers/odata_v4_server.py"
            environment=("NTLM_USER_FILE=$state_dir/windows.users")
            extra=(--metadata "$repo_root/SampleMetadata/TripPin.xml" --windows-auth
                   --windows-log "$state_dir/windows.requests.log") ;;
        # The organization service behind Windows authentication, as on-premises Dynamics serves it.
        orgwindows)
            script="$repo_root/Tests/Servers/organization_service.py"
            environment=("NTLM_USER_FILE=$state_dir/orgwindows.users")
            extra=(--wsdl "$organization_wsdl" --exchanges "$repo_root/Tests/Servers/organization_exchanges"
                   --windows-auth --windows-log "$state_dir/orgwindows.requests.log") ;;
        # An OAuth 2.0 authorization server and TripPin behind its tokens, for `fetch`'s OAuth sign-in.
        oauth)
            script="$repo_root/Tests/Servers/oauth_server.py"
            extra=(--confidential-client "$oauth_client_id" --client-secret-file "$state_dir/oauth.secret"
                   --device-client "$oauth_device_client_id" --short-client "$oauth_short_client_id"
                   --app-client "$oauth_app_client_id"
                   --request-log "$state_dir/oauth.requests.log") ;;
    esac
    rm -f "$state_dir/$name.url"
    env "${environment[@]}" "$venv/bin/python" -u -B "$script" --port 0 --page-size "$page_size" "${extra[@]}" \
        --ready-file "$state_dir/$name.url" >"$state_dir/$name.log" 2>&1 &
    echo $! > "$state_dir/$name.pid"
}

fail() {
    local name="$1" message="$2"
    echo "error: OData $name test server: $message; last lines of $state_dir/$name.log:" >&2
    tail -n 30 "$state_dir/$name.log" >&2 || true
    for server in "${servers[@]}"; do stop_server "$server"; done
    exit 1
}

# Waits until the server wrote its URL and its $metadata (the oauth server: its open device
# page) answers 200; prints the URL.
wait_for_server() {
    local name="$1" pid deadline url="" auth=() check='$metadata'
    [[ "$name" == secured ]] && auth=(--user "$secured_user:$secured_password")
    # The NTLM handshake itself, by libcurl: a server that did not do it for real would not answer 200.
    [[ "$name" == windows || "$name" == orgwindows ]] &&
        auth=(--ntlm --user "$windows_domain\\$windows_user:$windows_password")
    [[ "$name" == oauth ]] && check="device"
    [[ "$name" == orgservice || "$name" == orgwindows ]] && check="XRMServices/2011/Organization.svc/web"
    pid="$(cat "$state_dir/$name.pid")"
    deadline=$((SECONDS + start_timeout))
    while ((SECONDS < deadline)); do
        kill -0 "$pid" 2>/dev/null || fail "$name" "the process exited"
        [[ -z "$url" && -s "$state_dir/$name.url" ]] && url="$(cat "$state_dir/$name.url")"
        if [[ -n "$url" ]] && curl --silent --fail --max-time 5 "${auth[@]}" --output /dev/null "$url$check"; then
            echo "$url"
            return
        fi
        sleep 0.2
    done
    fail "$name" "\$metadata did not answer within ${start_timeout}s"
}

# The secured server's sign-in, fresh for each start (test values: the request log never holds them).
secured_token="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
secured_user="fetch-test"
secured_password="$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
# The OAuth server's clients, fresh for each start; the secret reaches the server in a 0600 file,
# never on its command line.
oauth_client_id="confidential-$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
oauth_device_client_id="device-$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
oauth_short_client_id="short-$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
oauth_app_client_id="app-$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
oauth_client_secret="$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')"
# The user of the windows and orgwindows servers, fresh for each start; the password reaches them in a 0600 file.
windows_domain="CONTOSO"
windows_user="crm-test"
windows_password="$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"

# The variables of server NAME listening at URL, one per line.
variables() {
    local name="$1" url="$2"
    case "$name" in
        v4) printf 'MOBILESDK_TEST_ODATA_V4_URL=%s\n' "$url" ;;
        v2) printf 'MOBILESDK_TEST_ODATA_V2_URL=%s\nMOBILESDK_TEST_ODATA_V2_MEDIA_URL=%s\n' \
                "$url" "${url%OrganizationData.svc/}Gallery.svc/" ;;
        dataverse) printf 'MOBILESDK_TEST_DATAVERSE_URL=%s\nMOBILESDK_TEST_DATAVERSE_LOG=%s\n' \
                "$url" "$state_dir/dataverse.requests.log" ;;
        secured)
            printf 'MOBILESDK_TEST_SECURED_URL=%s\nMOBILESDK_TEST_SECURED_LOG=%s\nMOBILESDK_TEST_SECURED_TOKEN=%s\n' \
                "$url" "$state_dir/secured.requests.log" "$secured_token"
            printf 'MOBILESDK_TEST_SECURED_USER=%s\nMOBILESDK_TEST_SECURED_PASSWORD=%s\n' \
                "$secured_user" "$secured_password" ;;
        offline) printf 'MOBILESDK_TEST_OFFLINE_URL=%s\nMOBILESDK_TEST_OFFLINE_LOG=%s\n' \
                "$url" "$state_dir/offline.requests.log" ;;
        sapdelta) printf 'MOBILESDK_TEST_SAP_DELTA_URL=%s\nMOBILESDK_TEST_SAP_DELTA_LOG=%s\n' \
                "$url" "$state_dir/sapdelta.requests.log" ;;
        plain) printf 'MOBILESDK_TEST_PLAIN_URL=%s\nMOBILESDK_TEST_PLAIN_LOG=%s\n' \
                "$url" "$state_dir/plain.requests.log" ;;
        orgservice)
            printf 'MOBILESDK_TEST_ORGSERVICE_URL=%s\nMOBILESDK_TEST_ORGSERVICE_TOKEN=%s\nMOBILESDK_TEST_ORGSERVICE_LOG=%s\n' \
                "$url" "$secured_token" "$state_dir/orgservice.requests.log" ;;
        dvdelta) printf 'MOBILESDK_TEST_DVDELTA_URL=%s\nMOBILESDK_TEST_DVDELTA_LOG=%s\n' \
                "$url" "$state_dir/dvdelta.requests.log" ;;
        windows | orgwindows)
            local prefix="MOBILESDK_TEST_${name^^}"
            printf '%s_URL=%s\n%s_LOG=%s\n%s_DOMAIN=%s\n' "$prefix" "$url" "$prefix" "$state_dir/$name.requests.log" \
                "$prefix" "$windows_domain"
            printf '%s_USER=%s\n%s_PASSWORD=%s\n' "$prefix" "$windows_user" "$prefix" "$windows_password" ;;
        oauth)
            printf 'MOBILESDK_TEST_OAUTH_URL=%s\nMOBILESDK_TEST_OAUTH_LOG=%s\nMOBILESDK_TEST_OAUTH_CLIENT_ID=%s\n' \
                "$url" "$state_dir/oauth.requests.log" "$oauth_client_id"
            printf 'MOBILESDK_TEST_OAUTH_CLIENT_SECRET=%s\nMOBILESDK_TEST_OAUTH_DEVICE_CLIENT_ID=%s\n' \
                "$oauth_client_secret" "$oauth_device_client_id"
            printf 'MOBILESDK_TEST_OAUTH_SHORT_CLIENT_ID=%s\nMOBILESDK_TEST_OAUTH_APP_CLIENT_ID=%s\n' \
                "$oauth_short_client_id" "$oauth_app_client_id" ;;
    esac
}

# Sets `names` to the servers named, all when none is; an unknown name stops the script.
choose() {
    local name server known
    names=("$@")
    [[ $# -eq 0 ]] && names=("${servers[@]}")
    for name in "${names[@]}"; do
        known=false
        for server in "${servers[@]}"; do [[ "$name" == "$server" ]] && known=true; done
        $known || { echo "error: no test server named '$name'; the servers are ${servers[*]}" >&2; exit 2; }
    done
}

# servers.env: the variables of every server running, in a fixed order.
write_environment() {
    local name
    (umask 077 && for name in "${servers[@]}"; do
        if [[ -f "$state_dir/$name.env" ]]; then cat "$state_dir/$name.env"; fi
    done > "$state_dir/servers.env")
}

start() {
    local names name url kept=()
    choose "$@"
    if [[ ! -f "$organization_wsdl" ]]; then
        for name in "${names[@]}"; do [[ "$name" == orgservice || "$name" == orgwindows ]] || kept+=("$name"); done
        if [[ ${#kept[@]} -ne ${#names[@]} ]]; then
            echo "note: not starting orgservice or orgwindows: the schemas they validate against are not at" \
                "$organization_wsdl" >&2
        fi
        names=("${kept[@]}")
    fi
    mkdir -p "$state_dir"
    install_venv
    for name in "${names[@]}"; do
        stop_server "$name"
        rm -f "$state_dir/$name.requests.log"
    done
    if [[ " ${names[*]} " == *" oauth "* ]]; then
        (umask 077 && printf '%s' "$oauth_client_secret" > "$state_dir/oauth.secret")
    fi
    for name in windows orgwindows; do
        if [[ " ${names[*]} " == *" $name "* ]]; then
            (umask 077 && printf '%s:%s:%s\n' "$windows_domain" "$windows_user" "$windows_password" \
                > "$state_dir/$name.users")
        fi
    done
    for name in "${names[@]}"; do start_server "$name"; done
    for name in "${names[@]}"; do
        url="$(wait_for_server "$name")"
        (umask 077 && variables "$name" "$url" > "$state_dir/$name.env")
    done
    write_environment
    grep -v -e "_TOKEN=" -e "_PASSWORD=" -e "_SECRET=" "$state_dir/servers.env"
}

stop() {
    local names name
    choose "$@"
    for name in "${names[@]}"; do stop_server "$name"; done
    if [[ " ${names[*]} " == *" oauth "* ]]; then rm -f "$state_dir/oauth.secret"; fi
    write_environment
    [[ -s "$state_dir/servers.env" ]] || rm -f "$state_dir/servers.env"
}

case "${1:-}" in
    start) shift; start "$@" ;;
    stop) shift; stop "$@" ;;
    *) echo "usage: $0 start|stop [NAME…] (the servers: ${servers[*]})" >&2; exit 2 ;;
esac

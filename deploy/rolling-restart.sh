#!/bin/sh
# Restarts the Pluk processes one at a time without dropping a request (decision 103):
#   sudo deploy/rolling-restart.sh 3001 3002 3003
# For each port: nginx is told to leave that process out (its line marked `down`, `nginx -s reload`: the
# old workers finish their requests), the process is stopped (readiness 503, the requests in flight
# finish) and started again, and only when its readiness answers 200 does it go back into nginx.
# UPSTREAM (default /etc/pluk/nginx-upstream.conf), RESTART (default `systemctl restart pluk@PORT`) and
# NGINX_RELOAD (default `nginx -s reload`) may be changed for another setup.
set -eu

UPSTREAM=${UPSTREAM:-/etc/pluk/nginx-upstream.conf}
RESTART=${RESTART:-systemctl restart pluk@}
NGINX_RELOAD=${NGINX_RELOAD:-nginx -s reload}
READY_TIMEOUT=${READY_TIMEOUT:-60}
# How long nginx's old workers get to finish what they were sending to the process left out.
SETTLE_SECONDS=${SETTLE_SECONDS:-2}

[ "$#" -gt 0 ] || { echo "usage: $0 PORT [PORT…]" >&2; exit 2; }

write_upstream() { # $1: the port left out, or empty
  tmp="$UPSTREAM.new"
  {
    echo "# Written by deploy/rolling-restart.sh on $(date -u +%FT%TZ)."
    # Not `port`: sh has no local variables, and the main loop's port must survive this call.
    for each in $PORTS; do
      if [ "$each" = "$1" ]; then
        echo "server 127.0.0.1:$each max_fails=1 fail_timeout=2s down;"
      else
        echo "server 127.0.0.1:$each max_fails=1 fail_timeout=2s;"
      fi
    done
  } > "$tmp"
  mv "$tmp" "$UPSTREAM"
  $NGINX_RELOAD
}

wait_ready() { # $1: port
  i=0
  while [ "$i" -lt "$READY_TIMEOUT" ]; do
    if curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:$1/api/health/ready"; then return 0; fi
    i=$((i + 1))
    sleep 1
  done
  echo "Pluk on port $1 is not ready after ${READY_TIMEOUT} s; it stays out of nginx." >&2
  return 1
}

PORTS="$*"
for port in $PORTS; do
  echo "Pluk on port $port: out of nginx, restarting…"
  write_upstream "$port"
  sleep "$SETTLE_SECONDS"
  $RESTART"$port"
  wait_ready "$port"
  write_upstream ""
  echo "Pluk on port $port: ready and back in nginx."
done

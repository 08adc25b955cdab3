#!/usr/bin/env bash
# Runs the benchmark harness described in BENCHMARKS.md.
#   bench/run.sh            full run: writes bench/results/<date>-<commit>.json and BENCHMARKS.md
#   bench/run.sh --smoke    CI mode: minutes, small sizes, results in a temp dir; exits 1 on any error
#   --with-peer             also measures Jupyter Server's terminals beside execd (scenario peer),
#                           installing Debian's python3-jupyter-server, python3-terminado and
#                           python3-websocket when missing (as root with apt-get; else it is skipped)
# Other options go to the driver (dev.execd.bench.Bench): --only <scenario,...>, --name <file>,
# --results <dir>, --server-jvm <jvm arg> (repeatable), --no-report.
# The service jar is built when it is missing or older than the sources. The driver needs
# only the JDK plus pty4j (for the raw PTY baseline), taken from the jar's own libraries.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# shellcheck source=../scripts/test-server.sh
source scripts/test-server.sh
java=$(execd_java)
jdk_bin=$(dirname "$java")

args=()
with_peer=false
for arg in "$@"; do
  if [ "$arg" = --with-peer ]; then with_peer=true; else args+=("$arg"); fi
done
if $with_peer; then
  # Debian's packages live in the system Python, whichever python3 comes first on the PATH
  # (EXECD_PEER_PYTHON: another Python with jupyter_server and terminado).
  peer_python=${EXECD_PEER_PYTHON:-/usr/bin/python3}
  peer_packages=(python3-jupyter-server python3-terminado python3-websocket)
  has_peer() { [ -x "$peer_python" ] && "$peer_python" -c 'import jupyter_server, terminado' 2>/dev/null; }
  why="needs root and apt-get to install ${peer_packages[*]}"
  if ! has_peer && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing ${peer_packages[*]} for the peer"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -qq --no-install-recommends "${peer_packages[@]}" >/dev/null) || true
    why="apt-get install ${peer_packages[*]} did not make jupyter_server and terminado importable by $peer_python"
  fi
  if has_peer; then
    args+=(--peer "$peer_python")
  else
    echo "--with-peer: Jupyter Server is not available ($why); the peer scenario is skipped" >&2
  fi
fi

jar=$(ls target/execd-*.jar 2>/dev/null | grep -v -e plain -e original | head -1 || true)
if [ -z "$jar" ] || [ -n "$(find src/main pom.xml -newer "$jar" -print -quit)" ]; then
  echo "Building the service jar"
  ./mvnw -B -q package -DskipTests
  jar=$(ls target/execd-*.jar | grep -v -e plain -e original | head -1)
fi

out=target/bench
rm -rf "$out/classes" "$out/lib"
mkdir -p "$out/classes" "$out/lib" "$out/pty4j"
(cd "$out/lib" && "$jdk_bin/jar" tf "$root/$jar" \
  | grep -E '^BOOT-INF/lib/(pty4j|jna|jna-platform|kotlin-stdlib|annotations|slf4j-api)-[0-9]' \
  | xargs "$jdk_bin/jar" xf "$root/$jar" && mv BOOT-INF/lib/*.jar . && rm -rf BOOT-INF)
"$jdk_bin/javac" -d "$out/classes" -cp "$out/lib/*" --release 21 $(find bench/src -name '*.java')

# The idle scenario's 10,000 sessions hold some 6,700 terminals, and Linux allows 4,096 by
# default (kernel.pty.max, of which a container's own /dev/pts may use all but the 1,024
# reserved for the host's). As root, a full run raises it and puts it back when it ends.
pty_max=/proc/sys/kernel/pty/max
case " $* " in *" --smoke "*) ;; *)
  if [ "$(id -u)" = 0 ] && [ -w "$pty_max" ] && [ "$(cat "$pty_max")" -lt 16384 ]; then
    old_pty_max=$(cat "$pty_max")
    trap 'echo "$old_pty_max" > "$pty_max"' EXIT
    echo 16384 > "$pty_max"
  fi
esac

"$java" --enable-native-access=ALL-UNNAMED -Dpty4j.tmpdir="$root/$out/pty4j" \
  -Dslf4j.internal.verbosity=ERROR -cp "$out/classes:$out/lib/*" dev.execd.bench.Bench \
  --root "$root" --jar "$root/$jar" ${args[@]+"${args[@]}"}

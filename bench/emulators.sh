#!/usr/bin/env bash
# Issue 14's emulator evaluation: JediTerm and JLine's ScreenTerminal against tmux
# (fidelity), throughput and heap per live emulator. Prints Markdown tables.
#   bench/emulators.sh [fidelity] [throughput] [heap]     (default: all three)
# Needs tmux, vim, less, top, git and python3 (curses). The two libraries come from the
# local Maven repository (fetched with ./mvnw dependency:get when missing).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
# shellcheck source=../scripts/test-server.sh
source scripts/test-server.sh
java=$(execd_java)
jdk_bin=$(dirname "$java")
m2=${MAVEN_REPO:-$HOME/.m2/repository}
artifacts=(
  org.jline:jline-terminal:4.5.0
  org.jline:jline-native:4.5.0
  com.techsenger.jeditermfx:jeditermfx-core:1.0.0
  org.jetbrains.kotlin:kotlin-stdlib:1.9.22
  org.jetbrains:annotations:24.0.1
  org.slf4j:slf4j-api:2.0.17
  org.jetbrains.pty4j:pty4j:0.13.12
  net.java.dev.jna:jna:5.14.0
  net.java.dev.jna:jna-platform:5.14.0
)
cp=""
for a in "${artifacts[@]}"; do
  IFS=: read -r g n v <<< "$a"
  jar="$m2/${g//.//}/$n/$v/$n-$v.jar"
  [ -f "$jar" ] || ./mvnw -B -q dependency:get -Dartifact="$a" -Dtransitive=false
  cp="$cp:$jar"
done
out=target/emulators
rm -rf "$out/classes"
mkdir -p "$out/classes" "$out/pty4j"
"$jdk_bin/javac" -d "$out/classes" -cp "${cp#:}" --release 21 $(find bench/emulators/src -name '*.java')
exec "$java" -Xmx2g --enable-native-access=ALL-UNNAMED -Dpty4j.tmpdir="$root/$out/pty4j" \
  -Dslf4j.internal.verbosity=ERROR -Deval.repo="$root" -cp "$out/classes$cp" \
  dev.execd.emulators.EmulatorComparison "$@"

# execd as a container: a JDK stage builds the jar and a runtime trimmed by jlink, and
# a Debian slim stage runs it as a non-root user under tini with the tools an agent's
# shell expects, from the JDK's AOT cache that a training start made in the image. The base images are build arguments, so the same file builds from the
# public images or from locally made ones (scripts/docker-image does the latter).
#
#   docker build -t execd .
#   docker run -p 127.0.0.1:8080:8080 -e EXECD_TOKENS=agent:$TOKEN execd

ARG JDK_IMAGE=eclipse-temurin:25-jdk
ARG RUNTIME_IMAGE=debian:bookworm-slim

FROM ${JDK_IMAGE} AS build
WORKDIR /src

# Dependencies first: this layer is reused until pom.xml or the wrapper changes.
COPY mvnw pom.xml ./
COPY .mvn .mvn
RUN ./mvnw -B -q dependency:go-offline

COPY src src
RUN ./mvnw -B -q -DskipTests package \
    && java -Djarmode=tools -jar target/execd-*.jar extract \
        --destination /opt/execd/app --application-filename execd.jar

# jdeps names what the code links against; the rest are loaded reflectively (JMX for
# metrics, DNS for the resolver, zipfs for jar file systems).
RUN modules="$(jdeps --ignore-missing-deps -q --recursive --multi-release 21 --print-module-deps \
        --class-path '/opt/execd/app/lib/*' /opt/execd/app/execd.jar)" \
    && jlink --add-modules "${modules},java.management,jdk.naming.dns,jdk.zipfs" \
        --strip-java-debug-attributes --no-man-pages --no-header-files --compress=zip-6 \
        --output /opt/execd/jre

FROM ${RUNTIME_IMAGE}

# tini is PID 1 so orphaned grandchildren of sessions are reaped; the rest is what an
# agent's shell commands expect to find.
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        bash coreutils procps git curl python3 ca-certificates tini \
    && rm -rf /var/lib/apt/lists/*

# The log directory must be execd's alone (owned by its uid, mode 0700): execd refuses to
# start on one that another uid owns or that group or others may write.
RUN useradd --create-home --home-dir /home/execd --shell /bin/bash --uid 10001 --user-group execd \
    && mkdir -p /var/lib/execd /workspace /home/execd/.cache \
    && chown execd:execd /var/lib/execd /workspace /home/execd/.cache \
    && chmod 0700 /var/lib/execd

COPY --from=build /opt/execd /opt/execd

# The JVM's options, in one file read by the training run below and by the entrypoint:
# the AOT cache is only used with the module and object-header options it was made with.
# Native access for JNA (pty4j, libc), half the container's memory for the heap at most,
# exit on OutOfMemoryError (the container restarts), pty4j's native library in the user's
# cache; then those of a small idle footprint (scripts/jvm-footprint.options: the serial
# collector, a heap that starts at 16 MiB and is kept near what is live, a young
# generation a tenth of the old one, glibc's free memory handed back every 5 s) and 8-byte object headers (BENCHMARKS.md "Idle sessions").
COPY scripts/jvm-footprint.options /opt/execd/jvm-footprint.options
RUN { printf '%s\n' --enable-native-access=ALL-UNNAMED -XX:MaxRAMPercentage=50 -XX:+ExitOnOutOfMemoryError \
        -Dpty4j.tmpdir=/home/execd/.cache/pty4j; \
        cat /opt/execd/jvm-footprint.options; echo -XX:+UseCompactObjectHeaders; } > /opt/execd/jvm.options \
    && rm /opt/execd/jvm-footprint.options

# EXECD_* variables configure the service and are never passed to session processes.
# Tokens are not set here: supply EXECD_TOKENS at run time (bound to 0.0.0.0,
# execd refuses to start without them).
# A UTF-8 locale: the JVM encodes command lines, arguments and paths with it, and
# without one every non-ASCII character would reach the shell as '?'. Python unbuffered,
# as execd sets it for sessions too: output on a pipe appears as it is printed.
ENV EXECD_OUTPUT_DIR=/var/lib/execd \
    EXECD_PROCESS_DEFAULT_WORKDIR=/workspace \
    LANG=C.UTF-8 \
    PYTHONUNBUFFERED=1

# The JDK's AOT cache (JEP 483/514/515), made with this image's runtime, jars and paths by
# one training start that exits once the context has started: the classes execd loads,
# parsed, verified and linked, and the profiles of the methods it ran. It cuts the start
# to readiness several times (BENCHMARKS.md "Start-up"). A JVM that cannot use the cache
# says so and starts without it.
RUN work="$(mktemp -d)" \
    && /opt/execd/jre/bin/java @/opt/execd/jvm.options -XX:AOTCacheOutput=/opt/execd/execd.aot \
        -Dspring.context.exit=onRefresh -jar /opt/execd/app/execd.jar \
        --server.port=0 --execd.output.dir="$work/data" > "$work/training.log" 2>&1 \
    || { cat "$work/training.log"; exit 1; }; \
    test -s /opt/execd/execd.aot && chmod 0644 /opt/execd/execd.aot && rm -rf "$work" /tmp/hsperfdata_root

USER execd
WORKDIR /workspace
VOLUME /var/lib/execd
EXPOSE 8080

HEALTHCHECK --interval=10s --timeout=3s --start-period=15s --retries=3 \
    CMD curl -fsS -o /dev/null http://127.0.0.1:8080/actuator/health/liveness || exit 1

# Arguments after the image name are passed to execd (e.g. --execd.limits.max-sessions=64).
ENTRYPOINT ["/usr/bin/tini", "--", "/opt/execd/jre/bin/java", "@/opt/execd/jvm.options", \
    "-XX:AOTCache=/opt/execd/execd.aot", "-Dserver.address=0.0.0.0", \
    "-jar", "/opt/execd/app/execd.jar"]

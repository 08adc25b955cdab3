package dev.execd.api;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import dev.execd.session.SessionProcess;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.media.Schema.RequiredMode;

/**
 * What {@code GET /sessions/{id}/processes} returns.
 */
@Schema(description = "The live processes of a session's Unix session.")
public record ProcessList(@Schema(description = """
		By pid. Empty once the session ended and nothing it started is left, and \
		execd.limits.reap-interval after its end.""", requiredMode = RequiredMode.REQUIRED) List<Process> processes) {

	/** One process. */
	@Schema(name = "Process", description = "A live process of the session.")
	public record Process(
			@Schema(description = "Process id.", example = "12346", requiredMode = RequiredMode.REQUIRED) long pid,
			@Schema(description = "The parent's pid.", example = "12345",
					requiredMode = RequiredMode.REQUIRED) long ppid,
			@Schema(description = "Process group id.", example = "12345",
					requiredMode = RequiredMode.REQUIRED) long pgid,
			@Schema(description = "The command line; empty when it cannot be read.",
					example = "[\"python3\", \"-m\", \"http.server\", \"0\"]",
					requiredMode = RequiredMode.REQUIRED) List<String> argv,
			@Schema(description = """
					The state letter as `ps` shows it: `R` running, `S` sleeping, `D` in \
					uninterruptible sleep, `T` stopped, `t` stopped by a tracer, `I` idle.""", example = "S",
					requiredMode = RequiredMode.REQUIRED) String state,
			@Schema(description = "When it started, to 10 ms.", requiredMode = RequiredMode.REQUIRED) Instant startedAt,
			@Schema(description = "CPU time (user and system) it used, in ms.", example = "120",
					requiredMode = RequiredMode.REQUIRED) long cpuMs,
			@Schema(description = "Resident memory, in bytes.", example = "20971520",
					requiredMode = RequiredMode.REQUIRED) long rssBytes,
			@Schema(description = """
					Whether it is in the foreground process group of its terminal (what \
					Ctrl-C interrupts); false without a terminal.""",
					requiredMode = RequiredMode.REQUIRED) boolean ttyForeground,
			@Schema(description = """
					The sockets it holds open for listening: TCP sockets in LISTEN state and \
					bound, unconnected UDP sockets.""",
					requiredMode = RequiredMode.REQUIRED) List<Listening> listening) {

	}

	/** One listening socket. */
	@Schema(name = "ListeningSocket", description = "A socket open for listening.")
	public record Listening(
			@Schema(description = "The local port.", example = "8000", requiredMode = RequiredMode.REQUIRED) int port,
			@Schema(description = "The protocol and address family.", allowableValues = {
					"tcp", "tcp6", "udp", "udp6" }, requiredMode = RequiredMode.REQUIRED) String protocol,
			@Schema(description = "The local address; `0.0.0.0` or `::` for every address.", example = "0.0.0.0",
					requiredMode = RequiredMode.REQUIRED) String address){

	}

	static ProcessList of(List<SessionProcess> processes) {
		return new ProcessList(processes.stream()
			.map((p) -> new Process(p.pid(), p.ppid(), p.pgid(), p.argv(), p.state(),
					p.startedAt().truncatedTo(ChronoUnit.MILLIS), p.cpuMs(), p.rssBytes(), p.ttyForeground(),
					p.listening().stream().map(ProcessList::listening).toList()))
			.toList());
	}

	private static Listening listening(SessionProcess.Listening socket) {
		return new Listening(socket.port(), socket.protocol(), socket.address());
	}

}

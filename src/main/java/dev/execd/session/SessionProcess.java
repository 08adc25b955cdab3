package dev.execd.session;

import java.time.Instant;
import java.util.List;

import dev.execd.process.ProcNet;
import dev.execd.process.ProcessInfo;

/**
 * A live process of a session, as {@link SessionMonitor#processes} lists it; see
 * {@link ProcessInfo} for the fields.
 */
public record SessionProcess(long pid, long ppid, long pgid, List<String> argv, String state, Instant startedAt,
		long cpuMs, long rssBytes, boolean ttyForeground, List<Listening> listening) {

	/**
	 * A socket it holds open for listening.
	 *
	 * @param port the local port
	 * @param protocol {@code tcp}, {@code tcp6}, {@code udp} or {@code udp6}
	 * @param address the local address
	 */
	public record Listening(int port, String protocol, String address) {

	}

	static SessionProcess of(ProcessInfo p) {
		return new SessionProcess(p.pid(), p.ppid(), p.pgid(), p.argv(), p.state(), p.startedAt(), p.cpuMs(),
				p.rssBytes(), p.ttyForeground(), p.listening().stream().map(SessionProcess::listening).toList());
	}

	private static Listening listening(ProcNet.Socket socket) {
		return new Listening(socket.port(), socket.protocol(), socket.address());
	}

}

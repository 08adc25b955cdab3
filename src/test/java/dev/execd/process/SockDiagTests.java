package dev.execd.process;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * {@link SockDiag} against the kernel's own {@code /proc/net} tables: the same listening
 * sockets, ports, addresses and inodes, with listeners of our own on IPv4 and IPv6,
 * loopback and every address, and connections (which are not listed) beside them.
 */
class SockDiagTests {

	@Test
	void listsTheListeningSocketsTheProcTablesList() throws Exception {
		// The JDK's sockets are IPv6 ones (IPv4 addresses mapped) unless asked for IPv4.
		try (ServerSocketChannel ipv4 = ServerSocketChannel.open(StandardProtocolFamily.INET);
				ServerSocket mapped = listen("127.0.0.1");
				ServerSocket any6 = listen("::");
				ServerSocket loop6 = listen("::1");
				Socket client = new Socket(InetAddress.getLoopbackAddress(), mapped.getLocalPort());
				Socket accepted = mapped.accept()) {
			ipv4.bind(new InetSocketAddress("127.0.0.1", 0));
			Map<Long, ProcNet.Socket> diag = SockDiag.listeningTcp();
			assumeThat(diag).as("the kernel answers sock_diag").isNotNull();
			assertThat(diag).isEqualTo(fromProc());
			assertThat(diag.values()).contains(
					new ProcNet.Socket(((InetSocketAddress) ipv4.getLocalAddress()).getPort(), "tcp", "127.0.0.1"),
					new ProcNet.Socket(mapped.getLocalPort(), "tcp6", "::ffff:7f00:1"),
					new ProcNet.Socket(loop6.getLocalPort(), "tcp6", "::1"),
					new ProcNet.Socket(any6.getLocalPort(), "tcp6", "::"));
			assertThat(diag.values()).noneMatch((socket) -> socket.port() == client.getLocalPort());
		}
	}

	@Test
	void aClosedListenerIsGone() throws Exception {
		int port;
		try (ServerSocket listener = listen("127.0.0.1")) {
			port = listener.getLocalPort();
			Map<Long, ProcNet.Socket> open = SockDiag.listeningTcp();
			assumeThat(open).isNotNull();
			assertThat(open.values()).anyMatch((socket) -> socket.port() == port);
		}
		assertThat(SockDiag.listeningTcp().values()).noneMatch((socket) -> socket.port() == port);
	}

	private static ServerSocket listen(String address) throws IOException {
		ServerSocket socket = new ServerSocket();
		socket.bind(new InetSocketAddress(InetAddress.getByName(address), 0));
		return socket;
	}

	private static Map<Long, ProcNet.Socket> fromProc() throws IOException {
		Map<Long, ProcNet.Socket> sockets = new HashMap<>();
		for (String protocol : List.of("tcp", "tcp6")) {
			List<String> lines = Files.readAllLines(Path.of("/proc/self/net", protocol));
			for (String line : lines.subList(1, lines.size())) {
				ProcNet.Listening entry = ProcNet.parse(protocol, line);
				if (entry != null) {
					sockets.put(entry.inode(), entry.socket());
				}
			}
		}
		return sockets;
	}

}

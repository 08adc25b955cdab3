package dev.execd.process;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The {@code /proc/net} table lines: hex addresses in host byte order, hex ports, the
 * LISTEN and unconnected states, and the owner found by socket inode.
 */
class ProcNetTests {

	@Test
	void decodesATcpListenLine() {
		assumeTrue(ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN);
		ProcNet.Listening entry = ProcNet.parse("tcp",
				"   0: 0100007F:1F40 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 123456 1 "
						+ "0000000000000000 100 0 0 10 0");
		assertThat(entry).isNotNull();
		assertThat(entry.inode()).isEqualTo(123456);
		assertThat(entry.socket()).isEqualTo(new ProcNet.Socket(8000, "tcp", "127.0.0.1"));
	}

	@Test
	void skipsConnectionsHeadersAndSocketsWithoutInode() {
		assertThat(ProcNet.parse("tcp",
				"  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode"))
			.isNull();
		assertThat(ProcNet.parse("tcp",
				"   1: 0100007F:1F40 0100007F:D2F0 01 00000000:00000000 00:00000000 00000000  1000        0 777 1"))
			.as("ESTABLISHED")
			.isNull();
		assertThat(ProcNet.parse("tcp",
				"   2: 00000000:0050 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 0 1"))
			.as("no inode yet")
			.isNull();
	}

	@Test
	void decodesTcp6Addresses() {
		assumeTrue(ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN);
		ProcNet.Listening any = ProcNet.parse("tcp6", "   0: 00000000000000000000000000000000:0BB8 "
				+ "00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1000 0 42 1");
		assertThat(any.socket()).isEqualTo(new ProcNet.Socket(3000, "tcp6", "::"));
		ProcNet.Listening loopback = ProcNet.parse("tcp6", "   1: 00000000000000000000000001000000:1F90 "
				+ "00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1000 0 43 1");
		assertThat(loopback.socket().address()).isEqualTo("::1");
		assertThat(loopback.socket().port()).isEqualTo(8080);
		ProcNet.Listening mapped = ProcNet.parse("tcp6", "   2: 0000000000000000FFFF00000100007F:0050 "
				+ "00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000  1000 0 44 1");
		assertThat(mapped.socket().address()).isEqualTo("::ffff:7f00:1");
		assertThat(ProcNet.address("B80D0120000000000000000001000000")).isEqualTo("2001:db8::1");
	}

	@Test
	void keepsUnconnectedUdpOnly() {
		assumeTrue(ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN);
		ProcNet.Listening bound = ProcNet.parse("udp",
				"  100: 00000000:14E9 00000000:0000 07 00000000:00000000 00:00000000 00000000   102        0 9001 2");
		assertThat(bound.socket()).isEqualTo(new ProcNet.Socket(5353, "udp", "0.0.0.0"));
		assertThat(ProcNet.parse("udp",
				"  101: 0100007F:A000 0100007F:0035 01 00000000:00000000 00:00000000 00000000   102        0 9002 2"))
			.as("connected")
			.isNull();
		assertThat(ProcNet
			.parse("udp6", "  102: 00000000000000000000000000000000:14E9 "
					+ "00000000000000000000000000000000:0000 07 00000000:00000000 00:00000000 00000000 0 0 9003 2")
			.socket()).isEqualTo(new ProcNet.Socket(5353, "udp6", "::"));
	}

	@Test
	void findsOwnListeningSocketByInode() throws IOException {
		try (ServerSocket server = new ServerSocket()) {
			server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
			long own = ProcessHandle.current().pid();
			var listening = ProcNet.listening();
			var mine = ProcNet.socketsOf(own).stream().map(listening::get).filter((s) -> s != null).toList();
			assertThat(mine).extracting(ProcNet.Socket::port).contains(server.getLocalPort());
		}
	}

}

package dev.execd.process;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * The listening sockets of the machine's (our network namespace's) {@code /proc/net}
 * tables, by inode, and which of them a process holds: a socket's inode is what
 * {@code /proc/<pid>/fd/N} links to ({@code socket:[inode]}).
 */
public final class ProcNet {

	// /proc/self/net is our own network namespace: the sessions' children share it.
	private static final Path NET = Path.of("/proc/self/net");

	private static final List<String> PROTOCOLS = List.of("tcp", "tcp6", "udp", "udp6");

	// The UDP tables are small; the TCP ones come from SockDiag where the kernel offers
	// it.
	private static final List<String> UDP = List.of("udp", "udp6");

	// TCP_LISTEN; an unconnected UDP socket stays in TCP_CLOSE.
	private static final String LISTEN = "0A";

	private static final String UNCONNECTED = "07";

	private ProcNet() {
	}

	/**
	 * A socket open for listening.
	 *
	 * @param port the local port
	 * @param protocol {@code tcp}, {@code tcp6}, {@code udp} or {@code udp6}
	 * @param address the local address it is bound to, {@code 0.0.0.0} or {@code ::} for
	 * every address
	 */
	public record Socket(int port, String protocol, String address) {

	}

	/**
	 * The TCP sockets in LISTEN state and the bound, unconnected UDP sockets, by inode:
	 * TCP's from {@link SockDiag} where the kernel answers it, else, as UDP's, from the
	 * {@code /proc/net} tables. A table that cannot be read (no IPv6) is skipped.
	 */
	public static Map<Long, Socket> listening() {
		Map<Long, Socket> tcp = SockDiag.listeningTcp();
		Map<Long, Socket> sockets = (tcp != null) ? tcp : new HashMap<>();
		for (String protocol : (tcp != null) ? UDP : PROTOCOLS) {
			List<String> lines;
			try {
				lines = Files.readAllLines(NET.resolve(protocol));
			}
			catch (IOException ex) {
				continue;
			}
			for (int i = 1; i < lines.size(); i++) {
				Listening entry = parse(protocol, lines.get(i));
				if (entry != null) {
					sockets.put(entry.inode(), entry.socket());
				}
			}
		}
		return sockets;
	}

	/** A listening socket and its inode. */
	record Listening(long inode, Socket socket) {

	}

	/**
	 * One line of a table: {@code sl local rem st queues tr retrnsmt uid timeout inode},
	 * addresses as hex words in host byte order, then {@code :} and the hex port.
	 * @return the socket, or null for a header, a connection or a socket being set up
	 * (inode 0)
	 */
	static @Nullable Listening parse(String protocol, String line) {
		String[] fields = line.strip().split("\\s+");
		if (fields.length < 10 || !fields[0].endsWith(":")) {
			return null;
		}
		String state = fields[3];
		boolean tcp = protocol.startsWith("tcp");
		boolean listens = tcp ? state.equals(LISTEN) : state.equals(UNCONNECTED) && fields[2].endsWith(":0000");
		long inode = Long.parseLong(fields[9]);
		int colon = fields[1].indexOf(':');
		if (!listens || inode == 0 || colon < 0) {
			return null;
		}
		int port = Integer.parseInt(fields[1].substring(colon + 1), 16);
		return new Listening(inode, new Socket(port, protocol, address(fields[1].substring(0, colon))));
	}

	/**
	 * An address from its hex words: 8 digits for IPv4, 32 for IPv6, each 32-bit word in
	 * host byte order.
	 */
	static String address(String hex) {
		byte[] bytes = new byte[hex.length() / 2];
		boolean little = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
		for (int word = 0; word < bytes.length / 4; word++) {
			for (int i = 0; i < 4; i++) {
				int at = word * 8 + (little ? (3 - i) : i) * 2;
				bytes[word * 4 + i] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
			}
		}
		return address(bytes);
	}

	/** An address from its bytes in network order: 4 for IPv4, 16 for IPv6. */
	static String address(byte[] bytes) {
		if (bytes.length == 4) {
			return (bytes[0] & 0xff) + "." + (bytes[1] & 0xff) + "." + (bytes[2] & 0xff) + "." + (bytes[3] & 0xff);
		}
		return ipv6(bytes);
	}

	/** RFC 5952 text: lower case, the longest run of two or more zero groups as ::. */
	private static String ipv6(byte[] bytes) {
		int[] groups = new int[8];
		for (int i = 0; i < 8; i++) {
			groups[i] = ((bytes[2 * i] & 0xff) << 8) | (bytes[2 * i + 1] & 0xff);
		}
		int bestStart = -1;
		int bestLength = 1;
		for (int i = 0; i < 8; i++) {
			int length = 0;
			while (i + length < 8 && groups[i + length] == 0) {
				length++;
			}
			if (length > bestLength) {
				bestStart = i;
				bestLength = length;
			}
		}
		StringBuilder text = new StringBuilder();
		for (int i = 0; i < 8; i++) {
			if (i == bestStart) {
				text.append("::");
				i += bestLength - 1;
				continue;
			}
			if (!text.isEmpty() && text.charAt(text.length() - 1) != ':') {
				text.append(':');
			}
			text.append(Integer.toHexString(groups[i]));
		}
		return text.toString();
	}

	/**
	 * The inodes of the sockets a process holds open, from its fd links; empty when it
	 * ended or its descriptors cannot be read.
	 */
	public static Set<Long> socketsOf(long pid) {
		Set<Long> inodes = new HashSet<>();
		Path fds = Path.of("/proc", Long.toString(pid), "fd");
		String[] entries = fds.toFile().list();
		if (entries == null) {
			return inodes;
		}
		for (String fd : entries) {
			try {
				String target = Files.readSymbolicLink(fds.resolve(fd)).toString();
				if (target.startsWith("socket:[") && target.endsWith("]")) {
					inodes.add(Long.parseLong(target, 8, target.length() - 1, 10));
				}
			}
			catch (IOException | UnsupportedOperationException | NumberFormatException ex) {
				// closed meanwhile
			}
		}
		return inodes;
	}

}

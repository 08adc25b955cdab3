package dev.execd.process;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HashMap;
import java.util.Map;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import org.jspecify.annotations.Nullable;

/**
 * The listening TCP sockets of our network namespace by netlink's {@code sock_diag}
 * ({@code inet_diag}), which walks only the listening sockets. Reading
 * {@code /proc/net/tcp} instead walks every bucket of the established-connection hash
 * table, which the kernel sizes by memory: 262,144 buckets, 4 ms of kernel time per file
 * on a 24 GB host, twice (IPv4 and IPv6) for every tick of the session monitor.
 */
final class SockDiag {

	private static final int AF_INET = 2;

	private static final int AF_INET6 = 10;

	private static final int AF_NETLINK = 16;

	private static final int SOCK_DGRAM_CLOEXEC = 2 | 0x80000;

	private static final int NETLINK_SOCK_DIAG = 4;

	private static final int IPPROTO_TCP = 6;

	private static final int TCP_LISTEN = 10;

	private static final short SOCK_DIAG_BY_FAMILY = 20;

	private static final short NLM_F_REQUEST_DUMP = 0x1 | 0x300;

	private static final int NLMSG_ERROR = 2;

	private static final int NLMSG_DONE = 3;

	private static final int HEADER = 16;

	/** {@code struct inet_diag_req_v2}: family, protocol, extensions, pad, states, id. */
	private static final int REQUEST = 56;

	private static final Calls CALLS = Native.load("c", Calls.class);

	private SockDiag() {
	}

	/**
	 * The TCP sockets in LISTEN state, IPv4 ({@code tcp}) and IPv6 ({@code tcp6}), by
	 * inode.
	 * @return them, or null when the kernel answers no {@code sock_diag} request (no
	 * {@code inet_diag}, a sandbox without netlink)
	 */
	static @Nullable Map<Long, ProcNet.Socket> listeningTcp() {
		int fd;
		try {
			fd = CALLS.socket(AF_NETLINK, SOCK_DGRAM_CLOEXEC, NETLINK_SOCK_DIAG);
		}
		catch (LastErrorException ex) {
			return null;
		}
		try {
			Map<Long, ProcNet.Socket> sockets = new HashMap<>();
			return (dump(fd, AF_INET, sockets) && dump(fd, AF_INET6, sockets)) ? sockets : null;
		}
		catch (LastErrorException ex) {
			return null;
		}
		finally {
			Libc.close(fd);
		}
	}

	/** One family's listening sockets into {@code sockets}; false when refused. */
	private static boolean dump(int fd, int family, Map<Long, ProcNet.Socket> sockets) {
		ByteBuffer request = ByteBuffer.allocate(HEADER + REQUEST).order(ByteOrder.nativeOrder());
		request.putInt(HEADER + REQUEST).putShort(SOCK_DIAG_BY_FAMILY).putShort(NLM_F_REQUEST_DUMP).putInt(family);
		request.putInt(0).put((byte) family).put((byte) IPPROTO_TCP).put((byte) 0).put((byte) 0);
		request.putInt(1 << TCP_LISTEN);
		CALLS.send(fd, request.array(), request.capacity(), 0);
		byte[] buffer = new byte[64 * 1024];
		while (true) {
			long n = CALLS.recv(fd, buffer, buffer.length, 0);
			if (n <= 0) {
				return false;
			}
			ByteBuffer reply = ByteBuffer.wrap(buffer, 0, (int) n).order(ByteOrder.nativeOrder());
			for (int at = 0; at + HEADER <= n;) {
				int length = reply.getInt(at);
				int type = reply.getShort(at + 4);
				if (type == NLMSG_DONE) {
					return true;
				}
				if (type == NLMSG_ERROR || length < HEADER) {
					return false;
				}
				if (type == SOCK_DIAG_BY_FAMILY) {
					add(reply, at + HEADER, sockets);
				}
				at += (length + 3) & ~3;
			}
		}
	}

	/**
	 * One {@code struct inet_diag_msg}: family, state, timer, retransmits, then the id
	 * (source and destination port in network order, source and destination address,
	 * interface, cookie), expiry, queues, uid and the inode.
	 */
	private static void add(ByteBuffer message, int at, Map<Long, ProcNet.Socket> sockets) {
		int family = message.get(at) & 0xff;
		int port = ((message.get(at + 4) & 0xff) << 8) | (message.get(at + 5) & 0xff);
		byte[] address = new byte[(family == AF_INET) ? 4 : 16];
		message.get(at + 8, address);
		long inode = message.getInt(at + 68) & 0xffffffffL;
		if (inode != 0) {
			sockets.put(inode,
					new ProcNet.Socket(port, (family == AF_INET) ? "tcp" : "tcp6", ProcNet.address(address)));
		}
	}

	/** The socket calls, straight from libc. */
	private interface Calls extends Library {

		int socket(int domain, int type, int protocol) throws LastErrorException;

		long send(int fd, byte[] buffer, long length, int flags) throws LastErrorException;

		long recv(int fd, byte[] buffer, long length, int flags) throws LastErrorException;

	}

}

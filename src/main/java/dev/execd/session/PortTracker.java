package dev.execd.session;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongPredicate;

import dev.execd.process.ProcNet;
import dev.execd.process.ProcessTable;
import org.jspecify.annotations.Nullable;

/**
 * Which session owns each listening socket of the machine. A socket is looked for among
 * the sessions' processes' descriptors only when it first appears, so a tick where no
 * socket appeared costs the read of the {@code /proc/net} tables alone. Not thread-safe:
 * the {@link SessionMonitor} calls it under its lock.
 */
final class PortTracker {

	/** Scans that may miss a new socket's owner before it counts as not ours. */
	private static final int ATTEMPTS = 2;

	private record Owner(Session session, ProcNet.Socket socket, long pid) {

	}

	/** Publishes an event of a session. */
	@FunctionalInterface
	interface Publisher {

		void publish(Session session, String type, PortEvent detail);

	}

	private final Map<Long, Owner> owners = new HashMap<>();

	/** Sockets that belong to no session: another program's, or a session's long gone. */
	private final Set<Long> foreign = new HashSet<>();

	/** New sockets whose owner was not found yet, with the scans that missed it. */
	private final Map<Long, Integer> unowned = new HashMap<>();

	private final Publisher publisher;

	PortTracker(Publisher publisher) {
		this.publisher = publisher;
	}

	/** Whether a socket appeared whose owner must be looked for. */
	boolean hasNew(Map<Long, ProcNet.Socket> listening) {
		for (Long inode : listening.keySet()) {
			if (!this.owners.containsKey(inode) && !this.foreign.contains(inode)) {
				return true;
			}
		}
		return false;
	}

	/** Whether no port is recorded open: nothing to close when no session is followed. */
	boolean idle() {
		return this.owners.isEmpty();
	}

	/**
	 * Publishes the sockets that closed, then finds the owners of the new ones.
	 * @param sessions the sessions followed
	 * @param members their live processes by Unix session id; null when not scanned (only
	 * when {@link #hasNew} is false)
	 */
	void update(Map<Long, ProcNet.Socket> listening, List<Session> sessions,
			@Nullable Map<Long, List<ProcessTable.Stat>> members) {
		Iterator<Map.Entry<Long, Owner>> owned = this.owners.entrySet().iterator();
		while (owned.hasNext()) {
			Map.Entry<Long, Owner> entry = owned.next();
			if (!listening.containsKey(entry.getKey())) {
				owned.remove();
				closed(entry.getValue());
			}
		}
		this.foreign.retainAll(listening.keySet());
		this.unowned.keySet().retainAll(listening.keySet());
		if (members == null) {
			return;
		}
		Set<Long> fresh = new HashSet<>(listening.keySet());
		fresh.removeAll(this.owners.keySet());
		fresh.removeAll(this.foreign);
		for (Session session : sessions) {
			if (fresh.isEmpty()) {
				break;
			}
			for (ProcessTable.Stat stat : members.getOrDefault(session.watch().sid(), List.of())) {
				for (long inode : ProcNet.socketsOf(stat.pid())) {
					if (fresh.remove(inode) && !session.removed()) {
						Owner owner = new Owner(session, listening.get(inode), stat.pid());
						this.owners.put(inode, owner);
						this.unowned.remove(inode);
						publish(owner, "session_port_opened");
					}
				}
			}
		}
		for (long inode : fresh) {
			if (this.unowned.merge(inode, 1, Integer::sum) >= ATTEMPTS) {
				this.unowned.remove(inode);
				this.foreign.add(inode);
			}
		}
	}

	/** Publishes the close of a session's sockets that are no longer listening. */
	/** Whether a socket of the session is recorded open. */
	boolean owns(Session session) {
		return this.owners.values().stream().anyMatch((owner) -> owner.session() == session);
	}

	void closeGone(Session session, Map<Long, ProcNet.Socket> listening) {
		close(session, (inode) -> !listening.containsKey(inode));
	}

	/** Publishes the close of every socket of a session that goes. */
	void closeAll(Session session) {
		close(session, (inode) -> true);
	}

	private void close(Session session, LongPredicate which) {
		List<Owner> gone = new ArrayList<>();
		this.owners.entrySet().removeIf((entry) -> {
			boolean match = entry.getValue().session() == session && which.test(entry.getKey());
			if (match) {
				gone.add(entry.getValue());
			}
			return match;
		});
		gone.forEach(this::closed);
	}

	private void closed(Owner owner) {
		publish(owner, "session_port_closed");
	}

	/** Publishes with the session's ports already updated, so its state agrees. */
	private void publish(Owner owner, String type) {
		Set<Integer> ports = new TreeSet<>();
		for (Owner each : this.owners.values()) {
			if (each.session() == owner.session()) {
				ports.add(each.socket().port());
			}
		}
		owner.session().watch().ports(List.copyOf(ports));
		ProcNet.Socket socket = owner.socket();
		this.publisher.publish(owner.session(), type,
				new PortEvent(socket.port(), socket.protocol(), socket.address(), owner.pid()));
	}

}

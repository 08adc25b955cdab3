package dev.execd.process;

import java.util.HashMap;
import java.util.Map;

import com.sun.jna.Memory;
import org.jspecify.annotations.Nullable;

/**
 * One loop's epoll set: a registration per descriptor, whichever handlers serve it, so a
 * terminal's master, read and written, is watched once: {@code EPOLLIN} while it has a
 * reader, {@code EPOLLOUT} only while a write waits for room (changed with
 * {@code EPOLL_CTL_MOD}). The loop's thread only.
 */
final class EpollSet {

	private final int epfd;

	private final Map<Long, Registration> registrations = new HashMap<>();

	private final Memory event = new Memory(NativeIo.EPOLL_EVENT_SIZE);

	private long nextToken;

	/**
	 * @param firstToken the first token of a registration; the ones below are the loop's
	 * @throws SpawnException when no epoll set can be had (EMFILE, ENFILE, ENOMEM)
	 */
	EpollSet(long firstToken) throws SpawnException {
		this.epfd = NativeIo.epoll_create1(NativeIo.O_CLOEXEC);
		if (this.epfd < 0) {
			throw SpawnException.call("epoll_create1", NativeIo.errno());
		}
		this.nextToken = firstToken;
	}

	/** Closes the set of a loop that never ran. */
	void close() {
		NativeIo.close(this.epfd);
	}

	/**
	 * Watches the handler's descriptor for {@code events}: {@code EPOLLIN} for its
	 * reader, {@code EPOLLOUT} for its writer.
	 * @return false when epoll refused it (errno tells why)
	 */
	boolean add(Poller.Handler handler, int events) {
		Descriptor descriptor = handler.descriptor;
		Registration registration = descriptor.registration;
		if (registration == null) {
			registration = new Registration(this.nextToken++);
			if (control(NativeIo.EPOLL_CTL_ADD, descriptor.fd(), events, registration.token) < 0) {
				return false;
			}
			descriptor.registration = registration;
			this.registrations.put(registration.token, registration);
		}
		else if (control(NativeIo.EPOLL_CTL_MOD, descriptor.fd(), registration.events() | events,
				registration.token) < 0) {
			return false;
		}
		if ((events & NativeIo.EPOLLIN) != 0) {
			registration.reader = handler;
		}
		else {
			registration.writer = handler;
		}
		return true;
	}

	/**
	 * Stops watching for the handler; the descriptor leaves the set with its last one.
	 */
	void remove(Poller.Handler handler) {
		Descriptor descriptor = handler.descriptor;
		Registration registration = descriptor.registration;
		if (registration == null) {
			return;
		}
		if (registration.reader == handler) {
			registration.reader = null;
		}
		else if (registration.writer == handler) {
			registration.writer = null;
		}
		else {
			return;
		}
		int events = registration.events();
		if (events == 0) {
			this.registrations.remove(registration.token);
			descriptor.registration = null;
			control(NativeIo.EPOLL_CTL_DEL, descriptor.fd(), 0, registration.token);
		}
		else {
			control(NativeIo.EPOLL_CTL_MOD, descriptor.fd(), events, registration.token);
		}
	}

	@Nullable Registration registration(long token) {
		return this.registrations.get(token);
	}

	/** Waits for events without a timeout; see {@code epoll_wait(2)}. */
	int await(Memory events, int max) {
		return NativeIo.epoll_wait(this.epfd, events, max, -1);
	}

	int control(int op, int fd, int events, long token) {
		this.event.setInt(0, events);
		this.event.setLong(NativeIo.EPOLL_DATA_OFFSET, token);
		return NativeIo.epoll_ctl(this.epfd, op, fd, this.event);
	}

	/** A descriptor in the set: the token its events come with, and who waits on it. */
	static final class Registration {

		private final long token;

		private Poller.@Nullable Handler reader;

		private Poller.@Nullable Handler writer;

		private Registration(long token) {
			this.token = token;
		}

		Poller.@Nullable Handler reader() {
			return this.reader;
		}

		Poller.@Nullable Handler writer() {
			return this.writer;
		}

		private int events() {
			return ((this.reader != null) ? NativeIo.EPOLLIN : 0) | ((this.writer != null) ? NativeIo.EPOLLOUT : 0);
		}

	}

}

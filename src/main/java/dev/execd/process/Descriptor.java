package dev.execd.process;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntConsumer;

import org.jspecify.annotations.Nullable;

/**
 * A file descriptor of a child's stream that execd owns, closed exactly once. While a
 * {@link Poller} serves it, only the poller's thread may close it: a descriptor closed
 * behind its back could be reused by the next open, and the poller would read another
 * file under the same number. {@link #close()} then asks the poller to stop, which closes
 * it. A terminal's master is served twice, read and written through one descriptor on one
 * poller (one epoll registration): it is closed once neither serves it any more.
 */
public final class Descriptor {

	private static final Poller.Handler[] NONE = {};

	private final int fd;

	private boolean closed;

	/** Set by {@link #close()}: no handler may start serving it any more. */
	private boolean closing;

	/** The handlers serving it; each stops on the poller's thread. */
	private Poller.Handler[] servers = NONE;

	/** The loop every handler of this descriptor runs on, chosen on first use. */
	private @Nullable Poller poller;

	/** A descriptor whose loop this one takes instead of the next in turn. */
	private @Nullable Descriptor loopOf;

	/** Its place in the poller's epoll set; the poller's thread only. */
	EpollSet.@Nullable Registration registration;

	Descriptor(int fd) {
		this.fd = fd;
	}

	/** A descriptor that was closed already: what a process that is gone reads. */
	static Descriptor closed() {
		Descriptor descriptor = new Descriptor(-1);
		descriptor.closed = true;
		return descriptor;
	}

	int fd() {
		return this.fd;
	}

	/** The poller whose thread serves this descriptor, the same for every handler. */
	synchronized Poller poller() {
		if (this.poller == null) {
			this.poller = (this.loopOf != null) ? this.loopOf.poller() : Poller.next();
		}
		return this.poller;
	}

	/**
	 * Has this descriptor served on the loop of {@code other}, so that a receiver of one
	 * can {@link #readPending read what the other holds}; before either is served.
	 */
	synchronized void sameLoopAs(Descriptor other) {
		this.loopOf = other;
	}

	/**
	 * Reads what the stream holds right now and hands it to its receiver before
	 * returning: a receiver of another stream of the same child and loop calls it to have
	 * bytes the child wrote there before its own go into the log first. Anywhere but on
	 * the loop's thread (the streams do not share one) it does nothing.
	 */
	public void readPending() {
		Poller.Handler[] serving;
		synchronized (this) {
			if (this.poller == null || !this.poller.isLoopThread()) {
				return;
			}
			serving = this.servers;
		}
		for (Poller.Handler handler : serving) {
			if (handler instanceof PolledRead read && !read.isStopped()) {
				read.ready(NativeIo.EPOLLIN);
			}
		}
	}

	/**
	 * Hands the descriptor to a handler of its poller, which closes it once it stops and
	 * no other handler serves it.
	 * @return false when it was closed or is being closed
	 */
	synchronized boolean serve(Poller.Handler handler) {
		if (this.closed || this.closing) {
			return false;
		}
		Poller.Handler[] more = Arrays.copyOf(this.servers, this.servers.length + 1);
		more[this.servers.length] = handler;
		this.servers = more;
		return true;
	}

	/**
	 * Called by the poller on its thread once {@code handler} no longer waits on the
	 * descriptor; the last one closes it.
	 */
	void closedByPoller(Poller.Handler handler) {
		synchronized (this) {
			List<Poller.Handler> rest = new ArrayList<>(Arrays.asList(this.servers));
			if (!rest.remove(handler)) {
				return;
			}
			this.servers = rest.toArray(NONE);
			if (this.servers.length > 0) {
				return;
			}
			this.closed = true;
		}
		NativeIo.close(this.fd);
	}

	/**
	 * Runs {@code action} with the number unless the descriptor is closed, holding the
	 * lock that closing takes, so the number cannot meanwhile name another file.
	 * @return whether it ran
	 */
	synchronized boolean use(IntConsumer action) {
		if (this.closed) {
			return false;
		}
		action.accept(this.fd);
		return true;
	}

	/** Closes the descriptor, or has the handlers serving it close it; idempotent. */
	public void close() {
		Poller.Handler[] serving;
		synchronized (this) {
			if (this.closed) {
				return;
			}
			this.closing = true;
			serving = this.servers;
			if (serving.length == 0) {
				this.closed = true;
			}
		}
		if (serving.length == 0) {
			NativeIo.close(this.fd);
		}
		for (Poller.Handler handler : serving) {
			handler.poller.execute(handler::stop);
		}
	}

}

package dev.execd.process;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;

import com.sun.jna.Memory;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Waits on the streams of every session with {@code epoll} on a few platform threads, so
 * the thread count does not grow with the sessions: each loop reads whatever is ready
 * into its one buffer and hands it to the stream's {@link OutputReceiver}. Readiness is
 * level-triggered and each ready stream is read once per round, so a flooding child
 * cannot starve the others. Everything about a registered descriptor (reads, removal,
 * close) happens on its loop's thread; other threads queue tasks and wake it through an
 * eventfd. A descriptor has one registration, whichever handlers serve it: a terminal's
 * master is read (EPOLLIN, always) and written ({@code EPOLLOUT}, only while a write
 * waits for room) through the same one.
 */
public final class Poller {

	private static final Log logger = LogFactory.getLog(Poller.class);

	/** A pipe's whole capacity: one read per refill while a program floods it. */
	static final int BUFFER = 64 * 1024;

	private static final int MAX_EVENTS = 256;

	/** The token of the wake-up eventfd; handlers get 1 and up. */
	private static final long WAKE = 0;

	/** The loops: as many as cores, at most 4, started before the first spawn. */
	private static final PollerLoops LOOPS = new PollerLoops(
			Math.clamp(Runtime.getRuntime().availableProcessors(), 1, 4));

	private static final ThreadFactory THREADS = Thread.ofPlatform().daemon().factory();

	private final EpollSet epoll;

	private final int wakeFd;

	private final Memory wakeValue = new Memory(8);

	private final AtomicBoolean wakePending = new AtomicBoolean();

	private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();

	private volatile Thread thread;

	// The loop thread's own: the buffers every read goes through.
	private final Memory events = new Memory((long) MAX_EVENTS * NativeIo.EPOLL_EVENT_SIZE);

	final Memory nativeBuffer = new Memory(BUFFER);

	final byte[] buffer = new byte[BUFFER];

	private Poller(EpollSet epoll, int wakeFd) {
		this.epoll = epoll;
		this.wakeFd = wakeFd;
		this.wakeValue.setLong(0, 1);
		this.epoll.control(NativeIo.EPOLL_CTL_ADD, this.wakeFd, NativeIo.EPOLLIN, WAKE);
	}

	/**
	 * A loop named {@code name} on a thread of {@code threads}, started.
	 * @throws SpawnException when its epoll set, its eventfd or its thread cannot be had
	 * (EMFILE; EAGAIN: out of threads or memory), with nothing of it left open
	 */
	static Poller start(ThreadFactory threads, String name) throws SpawnException {
		EpollSet epoll = new EpollSet(WAKE + 1);
		int wakeFd = NativeIo.eventfd(0, NativeIo.O_CLOEXEC | NativeIo.O_NONBLOCK);
		if (wakeFd < 0) {
			int errno = NativeIo.errno();
			epoll.close();
			throw SpawnException.call("eventfd", errno);
		}
		Poller poller = new Poller(epoll, wakeFd);
		try {
			poller.thread = threads.newThread(poller::run);
			poller.thread.setName(name);
			poller.thread.start();
		}
		catch (OutOfMemoryError ex) {
			// What Thread.start throws when pthread_create fails.
			epoll.close();
			NativeIo.close(wakeFd);
			throw SpawnException.call("pthread_create", SpawnException.EAGAIN);
		}
		return poller;
	}

	/**
	 * Starts the loops that do not run yet, before a spawn (as
	 * {@link ChildReaper#running} does): once a child runs, serving its streams needs no
	 * thread that could be missing.
	 * @throws SpawnException when a loop cannot be started (EAGAIN: out of threads or
	 * memory; EMFILE), which refuses this spawn only: the next one tries again
	 */
	static void running() throws SpawnException {
		LOOPS.start(THREADS);
	}

	/**
	 * The loop for a descriptor's handlers: each in turn. Every descriptor a loop serves
	 * is a spawned child's, and the spawn started the loops ({@link #running}), so a
	 * missing thread was refused there already.
	 */
	static Poller next() {
		return LOOPS.next();
	}

	/**
	 * Reads a child's output stream until it ends or its descriptor is closed, through
	 * the source's filter into {@code receiver}. The poller owns the descriptor from now
	 * on and closes it at the end.
	 */
	public static void read(Child.Source source, OutputReceiver receiver) {
		OutputReceiver filtered = source.filter().apply(receiver);
		Descriptor descriptor = source.descriptor();
		Poller poller = descriptor.poller();
		PolledRead read = new PolledRead(poller, descriptor, filtered);
		if (!descriptor.serve(read)) {
			filtered.ended();
			return;
		}
		poller.execute(() -> poller.add(read, NativeIo.EPOLLIN));
	}

	/** Whether the caller runs on the loop's thread. */
	boolean isLoopThread() {
		return Thread.currentThread() == this.thread;
	}

	/** Runs {@code task} on the loop's thread. */
	void execute(Runnable task) {
		this.tasks.add(task);
		if (this.wakePending.compareAndSet(false, true)) {
			NativeIo.write(this.wakeFd, this.wakeValue, 8);
		}
	}

	/** Starts waiting for {@code events} on the handler's descriptor. */
	void add(Handler handler, int events) {
		if (!this.epoll.add(handler, events)) {
			logger.warn("epoll_ctl failed with errno " + NativeIo.errno());
			handler.stop();
		}
	}

	/** Stops waiting for the handler's events, before its descriptor closes. */
	void remove(Handler handler) {
		this.epoll.remove(handler);
	}

	private void run() {
		while (true) {
			int n = this.epoll.await(this.events, MAX_EVENTS);
			if (n < 0 && NativeIo.errno() != NativeIo.EINTR) {
				logger.error("epoll_wait failed with errno " + NativeIo.errno());
			}
			for (int i = 0; i < n; i++) {
				long at = (long) i * NativeIo.EPOLL_EVENT_SIZE;
				int ready = this.events.getInt(at);
				long token = this.events.getLong(at + NativeIo.EPOLL_DATA_OFFSET);
				if (token == WAKE) {
					NativeIo.read(this.wakeFd, this.nativeBuffer, 8);
					this.wakePending.set(false);
					continue;
				}
				EpollSet.Registration registration = this.epoll.registration(token);
				if (registration != null) {
					// An error or hang-up is news for both: a write fails, a read ends.
					Handler writer = registration.writer();
					if (writer != null && (ready & ~NativeIo.EPOLLIN) != 0) {
						dispatch(writer, ready);
					}
					Handler reader = registration.reader();
					if (reader != null && (ready & ~NativeIo.EPOLLOUT) != 0) {
						dispatch(reader, ready);
					}
				}
			}
			Runnable task;
			while ((task = this.tasks.poll()) != null) {
				try {
					task.run();
				}
				catch (RuntimeException ex) {
					logger.error("Poller task failed", ex);
				}
			}
		}
	}

	private void dispatch(Handler handler, int ready) {
		try {
			handler.ready(ready);
		}
		catch (RuntimeException ex) {
			// Never the loop's end: the other streams must keep flowing.
			logger.error("Stream handler failed; its stream is closed", ex);
			handler.stop();
		}
	}

	/** What waits on one descriptor of a loop; lives on the loop's thread. */
	abstract static class Handler {

		final Poller poller;

		final Descriptor descriptor;

		private boolean stopped;

		Handler(Poller poller, Descriptor descriptor) {
			this.poller = poller;
			this.descriptor = descriptor;
		}

		/** The descriptor is ready for {@code events}. */
		abstract void ready(int events);

		/** Runs once the descriptor was removed and closed. */
		void stopped() {
		}

		final boolean isStopped() {
			return this.stopped;
		}

		/** Stops for good: removes and closes the descriptor; idempotent. */
		final void stop() {
			if (!this.stopped) {
				this.stopped = true;
				this.poller.remove(this);
				this.descriptor.closedByPoller(this);
				stopped();
			}
		}

	}

}

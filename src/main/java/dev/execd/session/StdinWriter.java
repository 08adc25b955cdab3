package dev.execd.session;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntConsumer;

/**
 * Feeds a child's stdin from a bounded queue on a platform thread of its own (from
 * {@link IoThreads}), so a child that never reads blocks this thread and never a request.
 * Signals queued between bytes are sent in order with them (Ctrl-C on a pipe).
 */
final class StdinWriter {

	/** One queued step. */
	sealed interface Op {

	}

	/** Bytes to write. */
	record Bytes(byte[] bytes) implements Op {

	}

	/** A signal for the session's process group. */
	record Signal(int number) implements Op {

	}

	/** Close stdin after what is queued before it. */
	record Close() implements Op {

	}

	private final OutputStream out;

	private final IntConsumer signaller;

	private final long capacity;

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition ready = this.lock.newCondition();

	private final ArrayDeque<Op> queue = new ArrayDeque<>();

	private long pending;

	private boolean stopped;

	private final String name;

	/** Started with the first input: most sessions are never written to. */
	private boolean started;

	StdinWriter(String name, OutputStream out, IntConsumer signaller, long capacity) {
		this.out = out;
		this.signaller = signaller;
		this.capacity = capacity;
		this.name = name;
	}

	/**
	 * Queues every op or none.
	 * @return false when the bytes would exceed the queue's capacity
	 */
	boolean offer(List<Op> ops) {
		long bytes = ops.stream().mapToLong((op) -> (op instanceof Bytes b) ? b.bytes().length : 0).sum();
		this.lock.lock();
		try {
			if (this.pending + bytes > this.capacity) {
				return false;
			}
			if (this.stopped) {
				return true;
			}
			this.pending += bytes;
			this.queue.addAll(ops);
			this.ready.signal();
			if (!this.started) {
				this.started = true;
				IoThreads.start(this.name, this::run);
			}
			return true;
		}
		finally {
			this.lock.unlock();
		}
	}

	long pending() {
		this.lock.lock();
		try {
			return this.pending;
		}
		finally {
			this.lock.unlock();
		}
	}

	/** Stops the thread and closes stdin, dropping what is still queued. */
	void stop() {
		boolean wasStarted;
		this.lock.lock();
		try {
			this.stopped = true;
			this.queue.clear();
			this.pending = 0;
			this.ready.signal();
			wasStarted = this.started;
			this.started = true;
		}
		finally {
			this.lock.unlock();
		}
		if (!wasStarted) {
			closeQuietly();
		}
	}

	private void run() {
		try {
			Op op;
			while ((op = next()) != null) {
				apply(op);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		finally {
			closeQuietly();
		}
	}

	private Op next() throws InterruptedException {
		this.lock.lock();
		try {
			while (this.queue.isEmpty() && !this.stopped) {
				this.ready.await();
			}
			return this.stopped ? null : this.queue.peekFirst();
		}
		finally {
			this.lock.unlock();
		}
	}

	private void apply(Op op) {
		boolean close = false;
		switch (op) {
			case Bytes b -> {
				try {
					this.out.write(b.bytes());
					this.out.flush();
				}
				catch (IOException ex) {
					// The child closed its stdin (EPIPE): bytes for it are dropped.
				}
			}
			case Signal s -> this.signaller.accept(s.number());
			case Close c -> close = true;
		}
		this.lock.lock();
		try {
			this.queue.pollFirst();
			if (op instanceof Bytes b) {
				this.pending -= b.bytes().length;
			}
			if (close) {
				this.stopped = true;
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	private void closeQuietly() {
		try {
			this.out.close();
		}
		catch (IOException ex) {
			// The child is gone: nothing to close.
		}
	}

}

package dev.execd.session;

import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.ObjIntConsumer;
import java.util.function.Supplier;

import dev.execd.output.OutputLog;
import dev.execd.process.Child;
import dev.execd.process.InputWaits;
import dev.execd.process.ProcessTable;
import org.jspecify.annotations.Nullable;

/**
 * The output side of a session: the log, the readers that copy the child's streams into
 * it, the drain that decides when the output of an exit is complete, and the reads. Given
 * narrow inputs (whether the process ended, its state for reports), not the session.
 */
final class SessionOutput {

	private final OutputLog log;

	private final Drain drain;

	private final SessionReads reads;

	private final SessionWatches watches;

	/** The output total when the exit was reported (after the drain), or -1. */
	private volatile long atExit = -1;

	// Written by the output readers only.
	private volatile byte lastByte = '\n';

	/** When output last came, on the monotonic clock; 0 before the first. */
	private volatile long lastOutputNanos;

	/**
	 * @param child the process, whose streams are read and whose input waits are told
	 * @param ended whether the process ended and its output drained
	 * @param warn adds a warning to the session
	 * @param snapshot the session's state, reported with every read
	 * @param touch records activity on the session
	 * @param screen the rendered screen, caught up with the log, for
	 * {@code wait_for_screen}; null without a terminal
	 * @param watches matched against each chunk once the log holds it
	 */
	SessionOutput(OutputLog log, Child child, BooleanSupplier ended, Consumer<String> warn,
			Supplier<SessionSnapshot> snapshot, Runnable touch, @Nullable Supplier<String> screen,
			SessionWatches watches) {
		this.log = log;
		this.watches = watches;
		this.drain = new Drain(log, child.outputs().size());
		OutputWaiter waiter = new OutputWaiter(log, ended, warn, screen, inputWait(child));
		this.reads = new SessionReads(log, new DeliveryCursor(log, waiter, ended, snapshot),
				new OutputFollower(log, ended, () -> this.atExit, touch));
	}

	/**
	 * Whether the session's foreground process is blocked reading its input, for waits
	 * that end on it; null for a process that is not ours or when {@code /proc} cannot
	 * tell.
	 */
	private static @Nullable BooleanSupplier inputWait(Child child) {
		if (!child.owned()) {
			return null;
		}
		return InputWaits.of(child.pid(), child.tty()).<BooleanSupplier>map((waits) -> waits::blocked).orElse(null);
	}

	/**
	 * Starts reading every stream.
	 * @param observer sees each chunk before it is appended
	 * @param appended runs after each append, before the watches see the chunk
	 */
	void start(List<Child.Source> sources, ObjIntConsumer<byte[]> observer, Runnable appended) {
		for (int i = 0; i < sources.size(); i++) {
			int stream = i;
			OutputPump.start(sources.get(i), this.log, (buffer, length) -> {
				this.lastByte = buffer[length - 1];
				this.lastOutputNanos = System.nanoTime();
				observer.accept(buffer, length);
			}, (buffer, length, offset) -> {
				appended.run();
				this.watches.feed(stream, buffer, length, offset);
			}, () -> {
				// The stream's last line, before the exit can be announced.
				this.watches.ended(stream);
				this.drain.streamEnded();
			});
		}
	}

	/**
	 * Waits until the output of an exit is complete; see {@link Drain}.
	 * @param leader the reaped leader: any member of its Unix session left is a child
	 * that may hold the streams
	 */
	void awaitDrained(long leader) {
		try {
			this.drain.await(System.nanoTime(), () -> !ProcessTable.sessionMembers(leader).isEmpty());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/** Marks where the output of the exit ends: streams that reach it are finished. */
	void exitReported() {
		this.atExit = this.log.total();
	}

	/**
	 * When output last came, on the monotonic clock; 0 before the first, and for a
	 * session restored after a restart, whose output times were not recorded.
	 */
	long lastOutputNanos() {
		return this.lastOutputNanos;
	}

	/** Whether the last byte of output did not end a line: a prompt may be waiting. */
	boolean midLine() {
		return this.lastByte != '\n';
	}

	OutputLog log() {
		return this.log;
	}

	SessionReads reads() {
		return this.reads;
	}

}

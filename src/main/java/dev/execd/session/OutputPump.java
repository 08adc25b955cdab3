package dev.execd.session;

import java.util.function.ObjIntConsumer;

import dev.execd.output.OutputLog;
import dev.execd.output.StreamTag;
import dev.execd.process.Child;
import dev.execd.process.OutputReceiver;
import dev.execd.process.Poller;

/**
 * Copies one output stream of a child into its session's log. The {@link Poller} reads
 * it, on a thread shared by every session's streams; the chunks come here in order, then
 * the end of the stream.
 */
final class OutputPump implements OutputReceiver {

	private final StreamTag tag;

	private final OutputLog log;

	private final ObjIntConsumer<byte[]> observer;

	private final Appended appended;

	private final Runnable ended;

	private OutputPump(StreamTag tag, OutputLog log, ObjIntConsumer<byte[]> observer, Appended appended,
			Runnable ended) {
		this.tag = tag;
		this.log = log;
		this.observer = observer;
		this.appended = appended;
		this.ended = ended;
	}

	/**
	 * Starts reading.
	 * @param observer sees each chunk before it is appended
	 * @param appended sees each chunk after it was appended, with its offset in the log
	 * @param ended runs once when the stream ended
	 */
	static void start(Child.Source source, OutputLog log, ObjIntConsumer<byte[]> observer, Appended appended,
			Runnable ended) {
		Poller.read(source, new OutputPump(StreamTag.of(source.tag()), log, observer, appended, ended));
	}

	@Override
	public void received(byte[] b, int length) {
		this.observer.accept(b, length);
		long offset = this.log.append(b, 0, length, this.tag);
		this.appended.appended(b, length, offset);
	}

	@Override
	public void ended() {
		this.ended.run();
	}

	/** Sees a chunk of output once the log holds it. */
	@FunctionalInterface
	interface Appended {

		void appended(byte[] buffer, int length, long offset);

	}

}

package dev.execd.api.rest;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.Iterator;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.execd.files.OpenFile;
import jakarta.servlet.http.HttpServletRequest;
import org.apache.coyote.CloseNowException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Hands a download to Tomcat's {@code sendfile}: the kernel copies the file to the
 * socket, with no pass through the JVM. Tomcat takes a path, which it opens itself right
 * after the handler returns, on the request's thread; execd gives it the
 * {@code /proc/self/fd} path of the file it already opened without following links, so
 * what is sent is that very file whatever happens to its name. execd's descriptor must
 * stay open until Tomcat has opened its own: it is closed once the request's thread has
 * ended. Requests run on virtual threads, one per request, so that is soon after the
 * response began; on a pooled thread, or where Tomcat offers no sendfile, the download is
 * not handed over. A {@code HEAD} request needs no body at all.
 */
@Component
class Sendfile implements DisposableBean {

	private static final Logger logger = LoggerFactory.getLogger(Sendfile.class);

	static final String SUPPORT = "org.apache.tomcat.sendfile.support";

	static final String FILENAME = "org.apache.tomcat.sendfile.filename";

	static final String START = "org.apache.tomcat.sendfile.start";

	static final String END = "org.apache.tomcat.sendfile.end";

	private static final long SWEEP_MILLIS = 20;

	private static final int BUFFER = 256 * 1024;

	private final ConcurrentLinkedQueue<Handed> handed = new ConcurrentLinkedQueue<>();

	private final ScheduledExecutorService sweeper = Executors
		.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("execd-sendfile").daemon().factory());

	/**
	 * Whether a sweep is scheduled: only while files wait, so an idle server never wakes.
	 */
	private final AtomicBoolean sweeping = new AtomicBoolean();

	/**
	 * Asks Tomcat to send {@code [from, to)} of the file after the handler returns; the
	 * file is closed once that cannot need it anymore. For a {@code HEAD} request the
	 * file is closed at once: the answer has its head only.
	 * @return true when the caller answers without a body; false, with nothing done,
	 * where it cannot be handed over
	 */
	boolean handOver(HttpServletRequest request, OpenFile file, long from, long to) {
		if ("HEAD".equals(request.getMethod())) {
			// The answer has no body (Tomcat would send the file after its head all the
			// same), and reading the file to drop it would be wasted.
			close(file);
			return true;
		}
		Thread thread = Thread.currentThread();
		if (!Boolean.TRUE.equals(request.getAttribute(SUPPORT)) || !thread.isVirtual()) {
			return false;
		}
		request.setAttribute(FILENAME, file.reopenable().toString());
		request.setAttribute(START, from);
		request.setAttribute(END, to);
		this.handed.add(new Handed(file, thread));
		if (this.sweeping.compareAndSet(false, true)) {
			this.sweeper.schedule(this::sweep, SWEEP_MILLIS, TimeUnit.MILLISECONDS);
		}
		return true;
	}

	private void sweep() {
		for (Iterator<Handed> it = this.handed.iterator(); it.hasNext();) {
			Handed entry = it.next();
			if (!entry.thread().isAlive()) {
				it.remove();
				close(entry.file());
			}
		}
		this.sweeping.set(false);
		// A file handed over during the sweep, or one still waiting, needs another.
		if (!this.handed.isEmpty() && this.sweeping.compareAndSet(false, true)) {
			this.sweeper.schedule(this::sweep, SWEEP_MILLIS, TimeUnit.MILLISECONDS);
		}
	}

	private static void close(OpenFile file) {
		try {
			file.close();
		}
		catch (IOException ex) {
			logger.debug("Closing a file handed to sendfile failed", ex);
		}
	}

	@Override
	public void destroy() {
		this.sweeper.shutdownNow();
		this.handed.forEach((entry) -> close(entry.file()));
		this.handed.clear();
	}

	private record Handed(OpenFile file, Thread thread) {

	}

	/**
	 * Copies a range of the open file to the response, where the kernel does not send it.
	 */
	static void copy(FileChannel channel, long from, long to, OutputStream out, @Nullable String path)
			throws IOException {
		ByteBuffer buffer = ByteBuffer.allocate(BUFFER);
		long position = from;
		while (position < to) {
			buffer.clear().limit((int) Math.min(BUFFER, to - position));
			int n = channel.read(buffer, position);
			if (n < 0) {
				// Truncated by someone else since it was opened: the length promised is
				// not there, and no problem can follow the head (sent now if it was not
				// yet), so only a cut connection tells the client the file is not whole.
				out.flush();
				logger.warn("File '{}' shrank to {} bytes while it was sent", path, position);
				throw new CloseNowException("the file shrank while it was sent");
			}
			out.write(buffer.array(), 0, n);
			position += n;
		}
	}

}

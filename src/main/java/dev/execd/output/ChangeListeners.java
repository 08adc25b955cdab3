package dev.execd.output;

import java.util.Arrays;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who is told of a log's changes as they happen, on the thread that made them (an output
 * reader, or whoever reported an exit), after the log's locks are released: a listener
 * must not block, and what it throws is logged and goes no further.
 */
final class ChangeListeners {

	private static final Logger logger = LoggerFactory.getLogger(ChangeListeners.class);

	private static final ChangeListener[] NONE = {};

	private volatile ChangeListener[] listeners = NONE;

	/**
	 * @return closing it removes the listener
	 */
	AutoCloseable add(ChangeListener listener) {
		synchronized (this) {
			ChangeListener[] more = Arrays.copyOf(this.listeners, this.listeners.length + 1);
			more[more.length - 1] = listener;
			this.listeners = more;
		}
		return () -> remove(listener);
	}

	private synchronized void remove(ChangeListener listener) {
		this.listeners = Arrays.stream(this.listeners).filter((l) -> l != listener).toArray(ChangeListener[]::new);
	}

	void changed(boolean output) {
		for (ChangeListener listener : this.listeners) {
			try {
				listener.changed(output);
			}
			catch (RuntimeException ex) {
				logger.error("A listener of the output failed", ex);
			}
		}
	}

}

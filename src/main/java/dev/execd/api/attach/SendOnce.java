package dev.execd.api.attach;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import jakarta.websocket.SendHandler;
import jakarta.websocket.SendResult;
import org.jspecify.annotations.Nullable;

/**
 * The end of one non-blocking send, told once however it ends: by the container, or by
 * the sender when the send threw before it started.
 */
final class SendOnce implements SendHandler {

	private final AtomicBoolean finished = new AtomicBoolean();

	private final Consumer<@Nullable Throwable> done;

	/**
	 * @param done gets null when the frame was sent, else why not
	 */
	SendOnce(Consumer<@Nullable Throwable> done) {
		this.done = done;
	}

	@Override
	public void onResult(SendResult result) {
		finish(result.isOK() ? null : result.getException());
	}

	void finish(@Nullable Throwable failure) {
		if (this.finished.compareAndSet(false, true)) {
			this.done.accept(failure);
		}
	}

}

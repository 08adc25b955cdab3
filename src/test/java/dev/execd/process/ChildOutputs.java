package dev.execd.process;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/** Reading a child's output in tests, through a {@link Poller} as sessions do. */
final class ChildOutputs {

	private ChildOutputs() {
	}

	/** Everything the stream brings until its end. */
	static CompletableFuture<String> read(Child.Source source) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		CompletableFuture<String> end = new CompletableFuture<>();
		Poller.read(source, new OutputReceiver() {

			@Override
			public void received(byte[] b, int length) {
				synchronized (bytes) {
					bytes.write(b, 0, length);
				}
			}

			@Override
			public void ended() {
				synchronized (bytes) {
					end.complete(bytes.toString(StandardCharsets.UTF_8));
				}
			}

		});
		return end;
	}

}

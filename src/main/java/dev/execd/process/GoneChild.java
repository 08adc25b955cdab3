package dev.execd.process;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The leader of a session found in the log directory after a restart: not a child of this
 * server, already dealt with, and never signalled again (its pid may belong to another
 * process by now).
 */
public record GoneChild(long pid, boolean tty) implements Child {

	@Override
	public boolean owned() {
		return false;
	}

	@Override
	public Descriptor stdin() {
		return Descriptor.closed();
	}

	@Override
	public List<Source> outputs() {
		return List.of();
	}

	@Override
	public CompletableFuture<Integer> exit() {
		return new CompletableFuture<>();
	}

	@Override
	public void resize(int cols, int rows) {
		throw new UnsupportedOperationException("the process is gone");
	}

	@Override
	public void release() {
	}

}

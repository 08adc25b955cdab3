package dev.execd.process;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;

/**
 * A child whose output streams are read through filters, e.g. to take out in-band records
 * a shell writes about its commands. Everything else is the child's own.
 */
public final class FilteredChild implements Child {

	private final Child child;

	private final List<Source> outputs;

	/**
	 * @param filter gets each stream's index and the receiver of its reads, returns the
	 * receiver its reads go to instead
	 */
	public FilteredChild(Child child, BiFunction<Integer, OutputReceiver, OutputReceiver> filter) {
		this.child = child;
		List<Source> sources = child.outputs();
		this.outputs = java.util.stream.IntStream.range(0, sources.size()).mapToObj((i) -> {
			Source source = sources.get(i);
			return new Source(source.tag(), source.descriptor(),
					(receiver) -> source.filter().apply(filter.apply(i, receiver)));
		}).toList();
	}

	@Override
	public long pid() {
		return this.child.pid();
	}

	@Override
	public boolean tty() {
		return this.child.tty();
	}

	@Override
	public boolean owned() {
		return this.child.owned();
	}

	@Override
	public Descriptor stdin() {
		return this.child.stdin();
	}

	@Override
	public List<Source> outputs() {
		return this.outputs;
	}

	@Override
	public CompletableFuture<Integer> exit() {
		return this.child.exit();
	}

	@Override
	public void resize(int cols, int rows) {
		this.child.resize(cols, rows);
	}

	@Override
	public void release() {
		this.child.release();
	}

}

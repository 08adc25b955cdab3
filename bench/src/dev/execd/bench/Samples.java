package dev.execd.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Latency samples in nanoseconds; thread-safe appends, nearest-rank percentiles. */
final class Samples {

	private long[] values = new long[1024];

	private int size;

	synchronized void add(long nanos) {
		if (this.size == this.values.length) {
			this.values = Arrays.copyOf(this.values, this.size * 2);
		}
		this.values[this.size++] = nanos;
	}

	synchronized void addAll(Samples other) {
		long[] theirs = other.sorted();
		for (long v : theirs) {
			add(v);
		}
	}

	synchronized int size() {
		return this.size;
	}

	synchronized long[] sorted() {
		long[] copy = Arrays.copyOf(this.values, this.size);
		Arrays.sort(copy);
		return copy;
	}

	/** The p-th percentile (0-100) in milliseconds, nearest rank. */
	double percentileMs(double p) {
		long[] sorted = sorted();
		if (sorted.length == 0) {
			return Double.NaN;
		}
		int rank = (int) Math.ceil(p / 100.0 * sorted.length);
		return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] / 1e6;
	}

	double p50() {
		return percentileMs(50);
	}

	double p99() {
		return percentileMs(99);
	}

	double meanMs() {
		long[] sorted = sorted();
		return (sorted.length == 0) ? Double.NaN : Arrays.stream(sorted).average().orElse(0) / 1e6;
	}

	/** {n, p50, p90, p99, p99.9, max, mean} in ms, rounded to microseconds. */
	Map<String, Object> summary() {
		Map<String, Object> out = new LinkedHashMap<>();
		out.put("n", size());
		out.put("p50_ms", round(p50()));
		out.put("p90_ms", round(percentileMs(90)));
		out.put("p99_ms", round(p99()));
		out.put("p999_ms", round(percentileMs(99.9)));
		out.put("max_ms", round(percentileMs(100)));
		out.put("mean_ms", round(meanMs()));
		return out;
	}

	static double round(double ms) {
		return Math.round(ms * 1000.0) / 1000.0;
	}

	/** The median of a few values (the upper one of an even count). */
	static double median(List<Double> values) {
		List<Double> sorted = new ArrayList<>(values);
		sorted.sort(null);
		return sorted.get(sorted.size() / 2);
	}

	static double ratio(double a, double b) {
		return Math.round(a / b * 100.0) / 100.0;
	}

}

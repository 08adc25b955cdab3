package dev.execd.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code peer} scenario as the table: execd, the peer, the raw baseline and
 * execd / peer with "better" or "worse" per figure; and one target per row (execd must
 * beat the peer on every one).
 */
final class PeerReport {

	private PeerReport() {
	}

	/**
	 * One row: execd's value (and its attach channel's, when measured), the peer's, raw's,
	 * as text, and the ratios it compares.
	 */
	private record Row(String figure, String execd, String attach, String peer, String raw, List<Ratio> ratios) {
	}

	/** execd / peer for one figure, and whether a higher value is the better one (rates). */
	private record Ratio(String figure, double value, boolean higherIsBetter) {

		boolean better() {
			return this.higherIsBetter ? this.value > 1 : this.value < 1;
		}

		@Override
		public String toString() {
			return Double.isNaN(this.value) ? "–"
					: String.format(Locale.ROOT, "%.2f× %s", this.value, better() ? "better" : "worse");
		}

	}

	private static List<Row> rows(Map<String, Object> p) {
		List<Row> rows = new ArrayList<>();
		for (String kind : List.of("keystroke", "line")) {
			String figure = kind.equals("line") ? "line through `cat`" : "keystroke echo RTT";
			rows.add(new Row(figure + " p50 / p99", pair(p, kind, "execd"), pair(p, kind, "execd_attach"),
					pair(p, kind, Sides.PEER), pair(p, kind, "raw"), percentiles(p, figure, kind)));
		}
		String mib = Report.fmt(Report.num(p, "flood", "bytes") / (1 << 20)) + " MiB";
		rows.add(new Row(mib + " of printable output through a PTY", mbs(p, "execd"), "", mbs(p, Sides.PEER),
				mbs(p, "raw"), List.of(new Ratio(mib + " through a PTY, MB/s", ratio(p, "flood", "mb_s"), true))));
		rows.add(new Row("server CPU per GB of that output",
				Report.fmt(Report.num(p, "flood", "execd_server_cpu_s_per_gb")) + " s", "",
				Report.fmt(Report.num(p, "flood", "peer_server_cpu_s_per_gb")) + " s", "–",
				List.of(new Ratio("server CPU per GB of PTY output", ratio(p, "flood", "server_cpu_s_per_gb"),
						false))));
		rows.add(new Row("`bash -i` create → first prompt p50 / p99", pair(p, "prompt", "execd"), "",
				pair(p, "prompt", Sides.PEER), pair(p, "prompt", "raw"),
				percentiles(p, "`bash -i` create → first prompt", "prompt")));
		String n = Report.fmt(Report.num(p, "memory", "terminals"));
		rows.add(new Row("server RSS idle / with " + n + " idle terminals", rss(p, "execd"), "", rss(p, Sides.PEER),
				"–", List.of(new Ratio("server RSS idle", ratio(p, "memory", "rss_idle_bytes"), false),
						new Ratio("server RSS with " + n + " idle terminals", ratio(p, "memory", "rss_full_bytes"),
								false))));
		rows.add(new Row("RSS per idle terminal",
				Report.fmt(Report.num(p, "memory", "execd_rss_per_terminal_kib")) + " KiB", "",
				Report.fmt(Report.num(p, "memory", "peer_rss_per_terminal_kib")) + " KiB", "–",
				List.of(new Ratio("RSS per idle terminal", ratio(p, "memory", "rss_per_terminal_kib"), false))));
		rows.add(new Row("DELETE of a terminal p50 / p99", pair(p, "delete", "execd"), "",
				pair(p, "delete", Sides.PEER), "–", percentiles(p, "DELETE of a terminal", "delete")));
		return rows;
	}

	/** The table for BENCHMARKS.md and the console. */
	static String markdown(Map<String, Object> p) {
		boolean attach = p.get("keystroke") instanceof Map<?, ?> k && k.containsKey("execd_attach");
		StringBuilder md = new StringBuilder();
		md.append("| figure | execd").append(attach ? " | execd attach" : "").append(" | Jupyter | raw PTY | ");
		md.append("execd / Jupyter |\n|---|---:|").append(attach ? "---:|" : "").append("---:|---:|---:|\n");
		for (Row row : rows(p)) {
			md.append("| ").append(row.figure()).append(" | ").append(row.execd());
			if (attach) {
				md.append(" | ").append(row.attach());
			}
			md.append(" | ").append(row.peer()).append(" | ").append(row.raw()).append(" | ");
			md.append(String.join(" / ", row.ratios().stream().map(Ratio::toString).toList())).append(" |\n");
		}
		if (attach) {
			md.append("\nexecd attach / Jupyter:");
			for (Ratio ratio : attachRatios(p)) {
				md.append(' ').append(ratio.figure()).append(' ').append(ratio).append(';');
			}
			md.setLength(md.length() - 1);
			md.append('\n');
		}
		return md.toString();
	}

	/** "execd beats the peer", one per figure and percentile. */
	static List<Report.Target> targets(Map<String, Object> p) {
		List<Ratio> ratios = new ArrayList<>();
		rows(p).forEach((row) -> ratios.addAll(row.ratios()));
		ratios.addAll(attachRatios(p));
		List<Report.Target> targets = new ArrayList<>();
		for (Ratio ratio : ratios) {
			boolean measured = !Double.isNaN(ratio.value());
			targets.add(new Report.Target("20", ratio.figure() + ", execd / Jupyter",
					measured ? String.format(Locale.ROOT, "%.2f×", ratio.value()) : "–",
					ratio.higherIsBetter() ? "> 1×" : "< 1×", measured ? ratio.better() : null));
		}
		return targets;
	}

	/** The p50 and p99 ratios of a latency row. */
	private static List<Ratio> percentiles(Map<String, Object> p, String figure, String row) {
		return percentiles(p, figure, row, "execd");
	}

	private static List<Ratio> percentiles(Map<String, Object> p, String figure, String row, String side) {
		return List.of(new Ratio(figure + " p50", Report.num(p, row, side + "_over_peer_p50"), false),
				new Ratio(figure + " p99", Report.num(p, row, side + "_over_peer_p99"), false));
	}

	/** The attach channel's typing ratios, when the run measured it (see {@code Peer}). */
	private static List<Ratio> attachRatios(Map<String, Object> p) {
		if (Double.isNaN(Report.num(p, "keystroke", "execd_attach_over_peer_p50"))) {
			return List.of();
		}
		List<Ratio> ratios = new ArrayList<>(
				percentiles(p, "keystroke echo RTT over attach", "keystroke", "execd_attach"));
		ratios.addAll(percentiles(p, "line through `cat` over attach", "line", "execd_attach"));
		return ratios;
	}

	/** execd's {@code <key>} over the peer's, in {@code row}. */
	private static double ratio(Map<String, Object> p, String row, String key) {
		double a = Report.num(p, row, "execd_" + key);
		double b = Report.num(p, row, "peer_" + key);
		return (Double.isNaN(a) || Double.isNaN(b) || b == 0) ? Double.NaN : Samples.ratio(a, b);
	}

	private static String pair(Map<String, Object> p, String row, String side) {
		double p50 = Report.num(p, row, side, "p50_ms");
		return Double.isNaN(p50) ? "" : Report.ms(p50) + " / " + Report.ms(Report.num(p, row, side, "p99_ms"));
	}

	private static String mbs(Map<String, Object> p, String side) {
		return Report.fmt(Report.num(p, "flood", side + "_mb_s")) + " MB/s";
	}

	private static String rss(Map<String, Object> p, String side) {
		return Report.fmt(Report.num(p, "memory", side + "_rss_idle_bytes") / (1 << 20)) + " / "
				+ Report.fmt(Report.num(p, "memory", side + "_rss_full_bytes") / (1 << 20)) + " MiB";
	}

}

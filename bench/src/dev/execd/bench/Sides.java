package dev.execd.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Several ways of doing the same thing (execd, the peer, the raw baseline), timed sample
 * by sample in turn, the first of each turn rotating, so that a noisy neighbour hits each
 * alike: the n-way form of {@link StartLatency#paired}.
 */
final class Sides {

	/** The side every execd column is divided by. */
	static final String PEER = "peer";

	private Sides() {
	}

	/**
	 * Warms up, then runs rounds of turns; reports each side's distribution and each
	 * round's medians, and for every execd side ({@code execd...}) its ratios to the peer.
	 */
	static Map<String, Object> alternate(Context ctx, Map<String, StartLatency.Step> sides, int warmup,
			int iterations) throws Exception {
		List<String> names = List.copyOf(sides.keySet());
		for (int i = 0; i < warmup; i++) {
			for (String name : names) {
				sides.get(name).run();
			}
		}
		Map<String, Samples> all = new LinkedHashMap<>();
		names.forEach((name) -> all.put(name, new Samples()));
		List<Object> rounds = new ArrayList<>();
		for (int r = 0; r < ctx.config.rounds(); r++) {
			Map<String, Samples> round = new LinkedHashMap<>();
			names.forEach((name) -> round.put(name, new Samples()));
			for (int i = 0; i < iterations; i++) {
				for (int k = 0; k < names.size(); k++) {
					String name = names.get((i + k) % names.size());
					round.get(name).add(sides.get(name).run());
				}
			}
			Map<String, Object> medians = new LinkedHashMap<>();
			round.forEach((name, samples) -> {
				all.get(name).addAll(samples);
				medians.put(name + "_p50_ms", Samples.round(samples.p50()));
			});
			rounds.add(medians);
		}
		Map<String, Object> result = new LinkedHashMap<>();
		all.forEach((name, samples) -> result.put(name, samples.summary()));
		if (all.containsKey(PEER)) {
			for (String name : names) {
				if (name.startsWith("execd")) {
					result.put(name + "_over_peer_p50", Samples.ratio(all.get(name).p50(), all.get(PEER).p50()));
					result.put(name + "_over_peer_p99", Samples.ratio(all.get(name).p99(), all.get(PEER).p99()));
				}
			}
		}
		result.put("rounds", rounds);
		return result;
	}

}

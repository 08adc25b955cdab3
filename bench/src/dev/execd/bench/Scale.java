package dev.execd.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Scenario 4: many live sessions. {@code sleep 3600}, half on pipes and half on PTYs,
 * spread over many conversations. The server's RSS, live heap (after a full GC) and
 * operating-system threads are read before, after the pipe half and after the PTY half;
 * the differences per session are the figures. Then idle subscribers and long polls are
 * added to show they hold no thread, and {@code GET /sessions} is timed with every
 * session alive.
 */
final class Scale {

	private Scale() {
	}

	static Map<String, Object> run(Context ctx) throws Exception {
		int total = ctx.config.scaleSessions();
		int conversations = ctx.config.scaleConversations();
		Map<String, Object> result = new LinkedHashMap<>();
		result.put("sessions", total);
		result.put("conversations", conversations);
		Server server = ctx.server;
		List<Http> clients = new ArrayList<>();
		for (int c = 0; c < conversations; c++) {
			clients.add(ctx.client("bench-scale-" + c));
		}
		Samples create = new Samples();
		Samples createPipe = new Samples();
		Samples createPty = new Samples();
		List<String> pipeIds = new ArrayList<>();
		List<String> ptyIds = new ArrayList<>();
		int[] perConversation = new int[conversations];
		try {
			Map<String, Object> before = measure(server);
			Map<String, Long> histogramBefore = server.histogram();
			startMany(ctx, clients, total / 2, false, createPipe, pipeIds, perConversation);
			Map<String, Object> afterPipes = measure(server);
			startMany(ctx, clients, total - total / 2, true, createPty, ptyIds, perConversation);
			Map<String, Object> afterAll = measure(server);
			Map<String, Long> histogramAfter = server.histogram();
			create.addAll(createPipe);
			create.addAll(createPty);
			result.put("create", create.summary());
			result.put("create_pipe", createPipe.summary());
			result.put("create_pty", createPty.summary());
			result.put("before", before);
			result.put("after_pipe_half", afterPipes);
			result.put("after_all", afterAll);
			result.put("per_session", perSession(before, afterAll, total));
			result.put("per_pipe_session", perSession(before, afterPipes, pipeIds.size()));
			result.put("per_pty_session", perSession(afterPipes, afterAll, ptyIds.size()));
			result.put("heap_growth_by_class_per_session", topGrowth(histogramBefore, histogramAfter, total));

			// GET /sessions with everything alive: each conversation lists its share.
			Samples list = new Samples();
			for (int r = 0; r < Math.max(ctx.config.rounds() * 4, 2); r++) {
				for (int c = 0; c < conversations; c++) {
					Http client = clients.get(c);
					long t0 = System.nanoTime();
					Http.Response response = client.get("/sessions");
					list.add(System.nanoTime() - t0);
					if (ctx.expect(response, 200, "list")) {
						@SuppressWarnings("unchecked")
						List<Object> sessions = (List<Object>) response.json().get("sessions");
						if (sessions.size() != perConversation[c]) {
							ctx.error("list: " + sessions.size() + " sessions, expected " + perConversation[c]);
						}
					}
				}
			}
			result.put("list", list.summary());
			result.put("list_sessions_per_conversation", total / conversations);
			result.put("waiters", waiters(ctx, pipeIds, ptyIds));
		}
		finally {
			// Remove everything, timed: DELETE /sessions per conversation.
			long t0 = System.nanoTime();
			int removed = 0;
			for (Http client : clients) {
				Http.Response response = client.delete("/sessions");
				if (ctx.expect(response, 200, "delete all")) {
					removed += ((Number) response.json().get("removed")).intValue();
				}
				client.close();
			}
			result.put("teardown_ms", Samples.round((System.nanoTime() - t0) / 1e6));
			if (removed != pipeIds.size() + ptyIds.size()) {
				ctx.error("scale: removed " + removed + " sessions, started " + (pipeIds.size() + ptyIds.size()));
			}
			Thread.sleep(1000);
			result.put("after_teardown", measure(server));
		}
		return result;
	}

	private static void startMany(Context ctx, List<Http> clients, int count, boolean tty, Samples create,
			List<String> ids, int[] perConversation) throws Exception {
		for (int i = 0; i < count; i++) {
			Http client = clients.get(i % clients.size());
			perConversation[i % clients.size()]++;
			long t0 = System.nanoTime();
			Http.Response response = client.post("/sessions",
					"{\"cmd\":\"sleep 3600\",\"tty\":" + tty + ",\"yield_time_ms\":0}");
			create.add(System.nanoTime() - t0);
			if (ctx.expect(response, 201, "start sleep")) {
				ids.add((String) Context.session(response.json()).get("session_id"));
			}
		}
		// Let the threads of the last ones settle before counting.
		Thread.sleep(2000);
	}

	/**
	 * Opens one SSE subscriber on each of {@code scaleWaiters} sessions and as many long
	 * polls on others, then counts the server's threads: these must not grow.
	 */
	private static Map<String, Object> waiters(Context ctx, List<String> pipeIds, List<String> ptyIds)
			throws Exception {
		int n = Math.min(ctx.config.scaleWaiters(), Math.min(pipeIds.size(), ptyIds.size()));
		int conversations = ctx.config.scaleConversations();
		int threadsBefore = ctx.server.threads();
		List<Http.Streamed> streams = new ArrayList<>();
		List<Http> polls = new ArrayList<>();
		CountDownLatch pollsSent = new CountDownLatch(n);
		List<Thread> pollThreads = new ArrayList<>();
		try {
			for (int i = 0; i < n; i++) {
				// The i-th session of a kind went to conversation i % conversations.
				Http.Streamed stream = ctx.client("bench-scale-" + (i % conversations))
					.stream("GET", "/sessions/" + pipeIds.get(i) + "/stream", Map.of());
				if (stream.status() != 200) {
					ctx.error("subscribe: HTTP " + stream.status());
				}
				streams.add(stream);
				Http poll = ctx.client("bench-scale-" + (i % conversations));
				polls.add(poll);
				String path = "/sessions/" + ptyIds.get(i) + "/stdin";
				pollThreads.add(Thread.ofVirtual().start(() -> {
					pollsSent.countDown();
					try {
						poll.post(path, "{\"yield_time_ms\":60000}");
					}
					catch (Exception ex) {
						// Closed by the driver below: expected.
					}
				}));
			}
			pollsSent.await(10, TimeUnit.SECONDS);
			Thread.sleep(2000);
			int threadsDuring = ctx.server.threads();
			Map<String, Object> result = new LinkedHashMap<>();
			result.put("subscribers", n);
			result.put("long_polls", n);
			result.put("threads_before", threadsBefore);
			result.put("threads_with_waiters", threadsDuring);
			result.put("threads_per_waiter", Samples.ratio(threadsDuring - threadsBefore, 2.0 * n));
			return result;
		}
		finally {
			streams.forEach(Http.Streamed::close);
			polls.forEach(Http::close);
		}
	}

	static Map<String, Object> measure(Server server) throws Exception {
		server.gc();
		Map<String, Object> m = new LinkedHashMap<>();
		m.put("rss_bytes", server.rssBytes());
		m.put("heap_bytes", (long) server.heapUsedBytes());
		m.put("threads", server.threads());
		m.put("thread_kinds", server.threadKinds());
		m.put("open_files", server.openFiles());
		return m;
	}

	private static Map<String, Object> perSession(Map<String, Object> from, Map<String, Object> to, int sessions) {
		Map<String, Object> per = new LinkedHashMap<>();
		per.put("rss_kib", Samples.round(delta(from, to, "rss_bytes") / 1024.0 / sessions));
		per.put("heap_kib", Samples.round(delta(from, to, "heap_bytes") / 1024.0 / sessions));
		per.put("threads", Samples.round(delta(from, to, "threads") / (double) sessions));
		return per;
	}

	static double delta(Map<String, Object> from, Map<String, Object> to, String key) {
		return ((Number) to.get(key)).doubleValue() - ((Number) from.get(key)).doubleValue();
	}

	/** The classes whose live bytes grew most, per session: where the heap goes. */
	static Map<String, Object> topGrowth(Map<String, Long> before, Map<String, Long> after, int sessions) {
		Map<String, Object> top = new LinkedHashMap<>();
		after.entrySet()
			.stream()
			.map((e) -> Map.entry(e.getKey(), e.getValue() - before.getOrDefault(e.getKey(), 0L)))
			.sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
			.limit(15)
			.forEach((e) -> top.put(e.getKey(), Math.round(e.getValue() / (double) sessions)));
		return top;
	}

}

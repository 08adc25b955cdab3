package dev.execd.session;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import dev.execd.EndToEndTest;
import dev.execd.TestClient;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A search refused because every CPU thread is taken and the queue is full reaches the
 * client as the contract's 429 {@code server_busy} with {@code Retry-After: 1}, and
 * searches are answered again once the threads are free.
 */
class ServerBusyTests extends EndToEndTest {

	@Test
	void aSearchPastTheQueueIsA429ServerBusyProblemWithRetryAfter() {
		String id = id(start(Map.of("cmd", "echo needle", "yield_time_ms", 10000)));
		List<String> searches = List.of("/sessions/" + id + "/search?pattern=needle",
				"/sessions/search?pattern=needle");
		CountDownLatch release = new CountDownLatch(1);
		try (ExecutorService virtual = Executors.newVirtualThreadPerTaskExecutor()) {
			try {
				HeldCpuThreads.fill(virtual, release);
				for (String search : searches) {
					TestClient.Response busy = this.api.get(search);
					String what = busy.status() + " " + busy.text();
					assertThat(busy.status()).as(what).isEqualTo(429);
					assertThat(busy.header("Content-Type")).as(what).startsWith("application/problem+json");
					assertThat(busy.header("Retry-After")).as(what).isEqualTo("1");
					assertThat(busy.json().get("code").asString()).as(what).isEqualTo("server_busy");
					assertThat(busy.json().get("status").asInt()).as(what).isEqualTo(429);
				}
			}
			finally {
				release.countDown();
			}
		}
		for (String search : searches) {
			TestClient.Response answered = this.api.get(search);
			assertThat(answered.status()).as(answered.text()).isEqualTo(200);
		}
	}

}

package dev.execd;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The console's terminal in a real headless Chromium, driven over the DevTools protocol:
 * in control it types over the attach WebSocket (the page's Content-Security-Policy lets
 * it connect), not a request per key. Skipped, saying so, where no Chromium is installed.
 */
class ConsoleTypingBrowserTests extends EndToEndTest {

	private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@Test
	void keysTypedInControlGoOverTheAttachChannel(@TempDir Path profile) throws Exception {
		Assumptions.assumeTrue(Files.isExecutable(CHROMIUM),
				"Skipping the console typing check: no Chromium at " + CHROMIUM + " (apt-get install chromium)");
		String id = id(start(Map.of("argv", List.of("cat"), "tty", true, "yield_time_ms", 0)));
		Process chromium = new ProcessBuilder(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox",
				"--disable-gpu", "--disable-quic", "--disable-dev-shm-usage", "--no-first-run",
				"--disable-background-networking", "--disable-component-update", "--disable-sync",
				"--user-data-dir=" + profile, "--remote-debugging-port=0", "about:blank"))
			.redirectError(ProcessBuilder.Redirect.DISCARD)
			.redirectOutput(ProcessBuilder.Redirect.DISCARD)
			.start();
		try {
			Path portFile = profile.resolve("DevToolsActivePort");
			await().atMost(Duration.ofSeconds(60)).until(() -> Files.exists(portFile) && Files.size(portFile) > 0);
			int devtools = Integer.parseInt(Files.readAllLines(portFile).get(0).strip());
			HttpClient http = HttpClient.newHttpClient();
			JsonNode targets = JSON.readTree(
					http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + devtools + "/json/list")).build(),
							HttpResponse.BodyHandlers.ofString())
						.body());
			String page = null;
			for (JsonNode target : targets) {
				if ("page".equals(target.get("type").asString())) {
					page = target.get("webSocketDebuggerUrl").asString();
				}
			}
			assertThat(page).as("a page target").isNotNull();
			Cdp cdp = new Cdp();
			WebSocket socket = http.newWebSocketBuilder().buildAsync(URI.create(page), cdp).get(30, TimeUnit.SECONDS);
			cdp.call(socket, 1, "Page.navigate", Map.of("url", "http://localhost:" + this.port + "/console/"));
			await().atMost(Duration.ofSeconds(30))
				.until(() -> "complete".equals(cdp.evaluate(socket, "document.readyState").asString()));
			String script = """
					(async () => {
					  sessionStorage.setItem('execd.conversation', '%s');
					  let posts = 0;
					  const fetched = window.fetch;
					  window.fetch = (...args) => { if (String(args[0]).includes('/stdin')) posts++; return fetched(...args); };
					  const { TerminalView } = await import('/console/screen.js');
					  const el = document.createElement('div');
					  document.body.append(el);
					  let error = null;
					  const view = new TerminalView(el, { session_id: '%s' }, (e) => { error = String(e); }, () => {});
					  view.setControl(true);
					  for (let i = 0; i < 200 && !(view.attached && view.attached.readyState === 1); i++) {
					    await new Promise((r) => setTimeout(r, 50));
					  }
					  const open = !!view.attached && view.attached.readyState === 1;
					  for (const key of ['h', 'i', '\\\\', 'Enter']) {
					    el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
					  }
					  await new Promise((r) => setTimeout(r, 300));
					  return JSON.stringify({ open, posts, error });
					})()"""
				.formatted(this.api.conversation(), id);
			JsonNode result = JSON.readTree(cdp.evaluate(socket, script).asString());
			assertThat(result.get("open").asBoolean()).as(result.toString()).isTrue();
			assertThat(result.get("posts").asInt()).as(result.toString()).isZero();
			assertThat(result.get("error").isNull()).as(result.toString()).isTrue();
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(
						() -> assertThat(this.api.get("/sessions/" + id + "/log").text()).contains("hi\\\r\nhi\\\r\n"));
		}
		finally {
			chromium.descendants().forEach(ProcessHandle::destroyForcibly);
			chromium.destroyForcibly();
		}
	}

	/** Calls of the DevTools protocol over one WebSocket, answered by id. */
	private static final class Cdp implements WebSocket.Listener {

		private final BlockingQueue<JsonNode> messages = new LinkedBlockingQueue<>();

		private final StringBuilder text = new StringBuilder();

		private int next = 100;

		@Override
		public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
			this.text.append(data);
			if (last) {
				this.messages.add(JSON.readTree(this.text.toString()));
				this.text.setLength(0);
			}
			webSocket.request(1);
			return null;
		}

		JsonNode call(WebSocket socket, int id, String method, Map<String, Object> params) throws Exception {
			socket.sendText(JSON.writeValueAsString(Map.of("id", id, "method", method, "params", params)), true).join();
			while (true) {
				JsonNode message = this.messages.poll(60, TimeUnit.SECONDS);
				assertThat(message).as("an answer to " + method).isNotNull();
				if (message.has("id") && message.get("id").asInt() == id) {
					return message;
				}
			}
		}

		/** The value of an expression, awaited when it is a promise. */
		JsonNode evaluate(WebSocket socket, String expression) throws Exception {
			JsonNode answer = call(socket, this.next++, "Runtime.evaluate",
					Map.of("expression", expression, "awaitPromise", true, "returnByValue", true));
			return answer.get("result").get("result").get("value");
		}

	}

}

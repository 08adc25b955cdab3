package dev.execd;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code execd.files.read-buffer} sizes Tomcat's reads of every connection: 64 KiB unless
 * set, anything from 8 KiB to 1 MiB, and an upload arrives whole whatever the size.
 */
class ReadBufferTests {

	@Test
	void uploadsArriveWholeWithTheDefaultAndTheSmallestBuffer(@TempDir Path dir) throws Exception {
		byte[] bytes = new byte[5 * 1024 * 1024 + 17];
		new Random(7).nextBytes(bytes);
		for (String size : new String[] { null, "8KB" }) {
			Path root = Files.createDirectories(dir.resolve((size != null) ? "small" : "default"));
			try (ConfigurableApplicationContext context = (size != null)
					? run(root, "--execd.files.read-buffer=" + size) : run(root)) {
				assertThat(readBuffer(context)).isEqualTo((size != null) ? "8192" : "65536");
				HttpResponse<String> answer = HttpClient.newHttpClient()
					.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port(context) + "/files?path=up.bin"))
						.PUT(HttpRequest.BodyPublishers.ofByteArray(bytes))
						.build(), HttpResponse.BodyHandlers.ofString());
				assertThat(answer.statusCode()).as(answer.body()).isEqualTo(201);
				assertThat(Files.readAllBytes(root.resolve("work/up.bin"))).isEqualTo(bytes);
			}
		}
	}

	@Test
	void refusesABufferOutsideItsRange(@TempDir Path dir) {
		for (String size : new String[] { "4KB", "2MB" }) {
			assertThatThrownBy(() -> run(dir, "--execd.files.read-buffer=" + size)).rootCause()
				.hasMessageContaining("execd.files.read-buffer must be between 8KB and 1MB");
		}
	}

	private static String readBuffer(ConfigurableApplicationContext context) {
		TomcatWebServer server = (TomcatWebServer) ((WebServerApplicationContext) context).getWebServer();
		return String.valueOf(server.getTomcat().getConnector().getProperty("socket.appReadBufSize"));
	}

	private static int port(ConfigurableApplicationContext context) {
		return Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
	}

	private static ConfigurableApplicationContext run(Path dir, String... args) throws Exception {
		Files.createDirectories(dir.resolve("work"));
		String[] all = new String[args.length + 3];
		all[0] = "--server.port=0";
		all[1] = "--execd.output.dir=" + dir.resolve("out");
		all[2] = "--execd.process.default-workdir=" + dir.resolve("work");
		System.arraycopy(args, 0, all, 3, args.length);
		return new SpringApplicationBuilder(ExecdApplication.class).run(all);
	}

}

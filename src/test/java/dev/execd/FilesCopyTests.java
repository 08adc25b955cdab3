package dev.execd;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Downloads execd copies itself, as it does on pooled threads where Tomcat's sendfile is
 * not offered: a file that shrinks while it is sent.
 */
@ExtendWith(OutputCaptureExtension.class)
class FilesCopyTests extends EndToEndTest {

	static final Path ROOT = FilesFixtures.newRoot("files-copy");

	@DynamicPropertySource
	static void roots(DynamicPropertyRegistry registry) {
		FilesFixtures.confineTo(registry, ROOT);
		registry.add("spring.threads.virtual.enabled", () -> "false");
	}

	@Test
	void aFileThatShrinksWhileItIsSentEndsTheConnectionWithOneWarning(CapturedOutput output) throws Exception {
		Path file = ROOT.resolve("shrinking.bin");
		long size = 256L * 1024 * 1024;
		long received = FilesFixtures.downloadWhileTruncating(this.port, file, size);
		assertThat(received).as("the transfer fails short of the length promised").isLessThan(size);
		assertThat(this.api.get("/files/stat?path=shrinking.bin").status()).as("the server still answers")
			.isEqualTo(200);
		await().atMost(Duration.ofSeconds(10)).until(() -> output.getOut().contains("shrank"));
		// One warning line, no error and no stack trace: the only line naming the cause
		// is the warning (other servers' tests may log beside this one).
		assertThat(output.getOut()).doesNotContain("No converter");
		assertThat(output.getOut().lines().filter((line) -> line.contains("shrank"))).singleElement()
			.matches((line) -> line.contains(" WARN ") && line.contains("File 'shrinking.bin' shrank"));
	}

}

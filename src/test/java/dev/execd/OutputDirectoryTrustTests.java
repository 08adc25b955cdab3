package dev.execd;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.execd.config.EffectiveUid;
import dev.execd.config.ExecdProperties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

/**
 * The output directory belongs to execd alone: a directory someone else owns or may write
 * to is refused at startup, no file in it is opened through a symbolic link, and a forged
 * session record is skipped, never followed.
 */
class OutputDirectoryTrustTests {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/** The uid of "nobody": another user, for a test run as root. */
	private static final int OTHER_UID = 65534;

	@TempDir
	Path tmp;

	@Test
	void defaultDirectoryIsPerUser() {
		ExecdProperties.Output output = new ExecdProperties.Output(null, DataSize.ofKilobytes(256),
				DataSize.ofGigabytes(1), DataSize.ofGigabytes(10), Duration.ofSeconds(15));
		assertThat(output.dir())
			.isEqualTo(Path.of(System.getProperty("java.io.tmpdir"), "execd-" + EffectiveUid.get()));
	}

	@Test
	void refusesADirectoryOwnedByAnotherUser() throws Exception {
		assumeThat(EffectiveUid.get()).as("chown needs root; CI runs as root").isZero();
		Path dir = ownerOnlyDir("theirs");
		Files.setAttribute(dir, "unix:uid", OTHER_UID);
		assertThatThrownBy(() -> run(dir)).rootCause()
			.hasMessageContaining(dir.toString())
			.hasMessageContaining("owned by uid " + OTHER_UID)
			.hasMessageContaining("chmod 700")
			.hasMessageContaining("execd.output.dir");
		assertThat(dir.resolve("execd.lock")).doesNotExist();
	}

	@Test
	void refusesAGroupOrWorldWritableDirectory() throws Exception {
		for (String mode : List.of("rwxrwxrwx", "rwx-w----", "rwx----w-")) {
			Path dir = ownerOnlyDir("writable-" + mode);
			Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString(mode));
			assertThatThrownBy(() -> run(dir)).as(mode)
				.rootCause()
				.hasMessageContaining(dir.toString())
				.hasMessageContaining("writable by its group or others")
				.hasMessageContaining("chmod 700");
			assertThat(dir.resolve("execd.lock")).doesNotExist();
		}
	}

	@Test
	void createsAMissingDirectoryOwnerOnly() throws Exception {
		Path dir = this.tmp.resolve("new/logs");
		try (ConfigurableApplicationContext context = run(dir)) {
			assertThat(Files.getPosixFilePermissions(dir)).isEqualTo(PosixFilePermissions.fromString("rwx------"));
			assertThat(Files.getPosixFilePermissions(dir.getParent()))
				.isEqualTo(PosixFilePermissions.fromString("rwx------"));
		}
	}

	@Test
	void aSymlinkedLockFileIsNotFollowed() throws Exception {
		Path dir = ownerOnlyDir("logs");
		Path target = this.tmp.resolve("elsewhere");
		Files.createSymbolicLink(dir.resolve("execd.lock"), target);
		assertThatThrownBy(() -> run(dir)).rootCause().hasMessageContaining(dir.resolve("execd.lock").toString());
		assertThat(target).doesNotExist();
	}

	@Test
	void aRecordWhoseLogLinksElsewhereIsSkipped() throws Exception {
		Path dir = ownerOnlyDir("logs");
		Path secret = Files.writeString(this.tmp.resolve("secret"), "root only\n");
		String id = "V1StGXR8_Z5jdHi6B-myT";
		Files.write(dir.resolve(id + ".json"), JSON.writeValueAsBytes(record(id)));
		Files.createSymbolicLink(dir.resolve(id + ".log"), secret);
		// A valid record with a plain log is recovered: the skip is the link's doing.
		String control = "AAAAAAAAAAAAAAAAAAAAA";
		Files.write(dir.resolve(control + ".json"), JSON.writeValueAsBytes(record(control)));
		Files.writeString(dir.resolve(control + ".log"), "hello\n");
		try (ConfigurableApplicationContext context = run(dir)) {
			TestClient api = client(context);
			assertThat(api.get("/sessions/" + control + "/log").text()).isEqualTo("hello\n");
			TestClient.Response log = api.get("/sessions/" + id + "/log");
			assertThat(log.status()).isEqualTo(404);
			assertThat(log.text()).doesNotContain("root only");
			assertThat(api.get("/sessions").text()).doesNotContain(id);
		}
		assertThat(secret).hasContent("root only\n");
	}

	@Test
	void aRecordWithAPathForAnIdIsSkippedAndNothingOutsideIsDeleted() throws Exception {
		Path dir = ownerOnlyDir("logs");
		Path victimLog = Files.writeString(this.tmp.resolve("victim.log"), "keep me\n");
		Path victimJson = Files.writeString(this.tmp.resolve("victim.json"), "{}");
		Map<String, Object> forged = record("../victim");
		Files.write(dir.resolve("BBBBBBBBBBBBBBBBBBBBB.json"), JSON.writeValueAsBytes(forged));
		try (ConfigurableApplicationContext context = run(dir, "--execd.limits.ended-retention=1ms",
				"--execd.limits.reap-interval=50ms", "--execd.output.max-total-log-size=1B")) {
			TestClient api = client(context);
			assertThat(api.get("/sessions").text()).doesNotContain("victim");
			assertThat(api.delete("/sessions").status()).isEqualTo(200);
			// A session that ends now is removed by retention: the reaper has run.
			String id = api.start(Map.of("cmd", "true", "yield_time_ms", 10000))
				.get("session")
				.get("session_id")
				.asString();
			await().atMost(Duration.ofSeconds(10)).until(() -> api.get("/sessions/" + id).status() == 404);
		}
		assertThat(victimLog).hasContent("keep me\n");
		assertThat(victimJson).exists();
	}

	@Test
	void recordsWithWrongTypesOrRangesAreSkipped() throws Exception {
		Path dir = ownerOnlyDir("logs");
		Map<String, Map<String, Object>> forged = new LinkedHashMap<>();
		forged.put("CCCCCCCCCCCCCCCCCCCCC", with(record("CCCCCCCCCCCCCCCCCCCCC"), "pid", "4000000"));
		forged.put("DDDDDDDDDDDDDDDDDDDDD", with(record("DDDDDDDDDDDDDDDDDDDDD"), "pid", 1));
		forged.put("EEEEEEEEEEEEEEEEEEEEE", with(record("EEEEEEEEEEEEEEEEEEEEE"), "outputBytesTotal", -5));
		forged.put("FFFFFFFFFFFFFFFFFFFFF", with(record("FFFFFFFFFFFFFFFFFFFFF"), "conversation", "../x"));
		forged.put("GGGGGGGGGGGGGGGGGGGGG", with(record("GGGGGGGGGGGGGGGGGGGGG"), "id", "HHHHHHHHHHHHHHHHHHHHH"));
		forged.put("IIIIIIIIIIIIIIIIIIIII", with(record("IIIIIIIIIIIIIIIIIIIII"), "exitCode", 3.5));
		for (Map.Entry<String, Map<String, Object>> entry : forged.entrySet()) {
			Files.write(dir.resolve(entry.getKey() + ".json"), JSON.writeValueAsBytes(entry.getValue()));
		}
		try (ConfigurableApplicationContext context = run(dir)) {
			JsonNode sessions = client(context).get("/sessions").json().get("sessions");
			assertThat(sessions).isEmpty();
		}
	}

	@Test
	void leftoverTemporaryRecordsAreRemovedAtStartAndWithTheirSession() throws Exception {
		Path dir = ownerOnlyDir("logs");
		Path leftover = Files.writeString(dir.resolve("JJJJJJJJJJJJJJJJJJJJJ.json.tmp"), "{\"id\":");
		try (ConfigurableApplicationContext context = run(dir)) {
			assertThat(leftover).doesNotExist();
			TestClient api = client(context);
			String id = api.start(Map.of("cmd", "sleep 100", "yield_time_ms", 0))
				.get("session")
				.get("session_id")
				.asString();
			Path temp = Files.writeString(dir.resolve(id + ".json.tmp"), "{\"id\":");
			assertThat(api.delete("/sessions/" + id).status()).isEqualTo(200);
			assertThat(temp).doesNotExist();
			assertThat(dir.resolve(id + ".json")).doesNotExist();
		}
	}

	private Path ownerOnlyDir(String name) throws IOException {
		Path dir = Files.createDirectory(this.tmp.resolve(name));
		Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
		return dir;
	}

	/** A record as execd writes it: an ended session of the default conversation. */
	private static Map<String, Object> record(String id) {
		Map<String, Object> record = new LinkedHashMap<>();
		record.put("id", id);
		record.put("tenant", "anonymous");
		record.put("conversation", "default");
		record.put("name", null);
		record.put("cmd", "echo hello");
		record.put("argv", null);
		record.put("workdir", "/");
		record.put("tty", false);
		record.put("cols", 0);
		record.put("rows", 0);
		record.put("pid", 4000000);
		record.put("leaderStartTime", -1);
		record.put("startedAt", "2026-01-05T10:00:00Z");
		record.put("running", false);
		record.put("exitCode", 0);
		record.put("endReason", "EXIT");
		record.put("escalated", false);
		record.put("endedAt", "2026-01-05T10:00:01Z");
		record.put("maxRuntimeMs", 1800000);
		record.put("idleTimeoutMs", 0);
		record.put("outputBytesTotal", 6);
		return record;
	}

	private static Map<String, Object> with(Map<String, Object> record, String field, Object value) {
		record.put(field, value);
		return record;
	}

	private static TestClient client(ConfigurableApplicationContext context) {
		return new TestClient(Integer.parseInt(context.getEnvironment().getProperty("local.server.port")));
	}

	private static ConfigurableApplicationContext run(Path dir, String... args) {
		String[] all = new String[args.length + 3];
		all[0] = "--server.port=0";
		all[1] = "--execd.output.dir=" + dir;
		all[2] = "--execd.process.kill-grace=500ms";
		System.arraycopy(args, 0, all, 3, args.length);
		return new SpringApplicationBuilder(ExecdApplication.class).run(all);
	}

}

package dev.execd.session;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a metadata file found on disk and accepts it only if every field is what execd
 * itself would have written: the id is a session id matching the file name (it becomes
 * file names), numbers are numbers within range, and nothing is coerced. Anything else is
 * refused, never followed.
 */
final class SessionRecords {

	static final JsonMapper JSON = JsonMapper.builder()
		.disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
		.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
		.enable(EnumFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
		.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
		.build();

	/** Far above any real record (argv and cmd are bounded by the request body). */
	private static final long MAX_BYTES = 4 * 1024 * 1024;

	private static final Pattern CONVERSATION = Pattern.compile("[A-Za-z0-9._:-]{1,128}");

	private static final int MAX_TEXT = 1024 * 1024;

	private SessionRecords() {
	}

	static SessionRecord read(Path file) throws InvalidRecord {
		if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
			throw new InvalidRecord("not a regular file");
		}
		SessionRecord record;
		try {
			if (Files.size(file) > MAX_BYTES) {
				throw new InvalidRecord("larger than " + MAX_BYTES + " bytes");
			}
			try (InputStream in = Files.newInputStream(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
				record = JSON.readValue(in, SessionRecord.class);
			}
		}
		catch (JacksonException ex) {
			throw new InvalidRecord("unreadable: " + ex.getOriginalMessage());
		}
		catch (IOException ex) {
			throw new InvalidRecord("unreadable: " + ex.getMessage());
		}
		validate(record, file.getFileName().toString());
		return record;
	}

	static void validate(SessionRecord r, String fileName) throws InvalidRecord {
		require(r.id() != null && SessionIds.isWellFormed(r.id()), "id is not a session id");
		require(fileName.equals(r.id() + ".json"), "id " + r.id() + " does not match the file name");
		require(r.tenant() != null && !r.tenant().isEmpty() && r.tenant().length() <= 256, "bad tenant");
		require(r.conversation() != null && CONVERSATION.matcher(r.conversation()).matches(), "bad conversation");
		require(text(r.name()) && text(r.cmd()) && text(r.workdir()), "bad name, cmd or workdir");
		require(r.workdir() != null, "no workdir");
		// Neither: a persistent shell ("shell": true), recovered like any other session.
		require(r.cmd() == null || r.argv() == null, "has both cmd and argv");
		require(argv(r.argv()), "bad argv");
		require(r.cols() >= 0 && r.cols() <= 500 && r.rows() >= 0 && r.rows() <= 300, "cols or rows out of range");
		// Pid 0 and 1 are never a session of ours; pid_max is at most 2^22.
		require(r.pid() > 1 && r.pid() <= (1L << 22), "pid out of range");
		require(r.leaderStartTime() >= -1, "leaderStartTime out of range");
		require(r.startedAt() != null, "no startedAt");
		require(r.exitCode() == null || (r.exitCode() >= 0 && r.exitCode() <= 255), "exitCode out of range");
		require(r.running() || r.endReason() != null, "ended without an endReason");
		require(r.maxRuntimeMs() >= 0 && r.idleTimeoutMs() >= 0, "negative time limit");
		require(r.outputBytesTotal() >= 0 && (r.lostBytes() == null || r.lostBytes() >= 0), "negative byte count");
	}

	private static boolean text(@Nullable String s) {
		return s == null || (s.length() <= MAX_TEXT && s.indexOf('\0') < 0);
	}

	private static boolean argv(@Nullable List<String> argv) {
		return argv == null || (!argv.isEmpty() && argv.stream().allMatch((a) -> a != null && text(a)));
	}

	private static void require(boolean ok, String problem) throws InvalidRecord {
		if (!ok) {
			throw new InvalidRecord(problem);
		}
	}

	/** Why a metadata file was refused. */
	static final class InvalidRecord extends Exception {

		InvalidRecord(String message) {
			super(message);
		}

	}

}

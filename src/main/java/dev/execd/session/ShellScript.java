package dev.execd.session;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * The bash a shell session runs and what it is told. The rc file empties the prompts,
 * turns the terminal's echo off and sets {@code PROMPT_COMMAND} to print an end marker
 * with the last command's status and {@code PIPESTATUS}. Each command is started by
 * typing {@link #line}: it holds the command's text (or reads it from a file), prints a
 * begin marker and evals the text at top level, followed by a line that records
 * {@code $?} and {@code PIPESTATUS} of the text's last pipeline (eval's own would hide
 * them). Markers are written to copies of the original stdout and stderr, so redirections
 * a command makes with {@code exec} do not lose them.
 */
final class ShellScript {

	static final String BASH = "/bin/bash";

	/**
	 * Reopens the record descriptors from the shell's stdout and stderr when a command
	 * closed one, so the end record still comes. Checked in /proc: a redirection to test
	 * them would itself take the lowest free descriptor, possibly the closed one.
	 */
	private static final String REPAIR = "[[ -e /proc/$$/fd/$__execd_o && -e /proc/$$/fd/$__execd_e ]] "
			+ "|| exec {__execd_o}>&1 {__execd_e}>&2; ";

	/**
	 * Empties the prompts a command set, and only those: bash keeps a pointer to PS0's
	 * value from a syntax error in {@code eval} to the next command line, and printed the
	 * freed string there when every prompt assigned it anew.
	 */
	private static final String EMPTY_PROMPTS = "[[ -z ${PS0-} ]] || PS0=''; [[ -z ${PS1-} ]] || PS1=''; "
			+ "[[ -z ${PS2-} ]] || PS2=''; ";

	/**
	 * A here-document operator ({@code <<}, {@code <<-}, not a here-string's
	 * {@code <<<}): one left open reads every line after it as its body.
	 */
	private static final Pattern HERE_DOCUMENT = Pattern.compile("(?<!<)<<(?!<)");

	/** A comment at the end of a line, to look past it for a trailing operator. */
	private static final Pattern COMMENT = Pattern.compile("(^|\\s)#.*$");

	/** Most bytes of a command's quoted text typed in the line. */
	static final int INLINE_BYTES = 2048;

	private static final String HEX = "0123456789abcdef";

	private static final SecureRandom RANDOM = new SecureRandom();

	private final String nonce;

	private final boolean tty;

	private final Path commandFile;

	ShellScript(boolean tty, Path commandFile) {
		byte[] bytes = new byte[12];
		RANDOM.nextBytes(bytes);
		this.nonce = HexFormat.of().formatHex(bytes);
		this.tty = tty;
		this.commandFile = commandFile;
	}

	String nonce() {
		return this.nonce;
	}

	Path commandFile() {
		return this.commandFile;
	}

	/** The argv of the shell. */
	static List<String> command(Path rcFile) {
		return List.of(BASH, "--noprofile", "--rcfile", rcFile.toString(), "--noediting", "-i");
	}

	/** Prints a marker with a printf format and its arguments to every output stream. */
	private String print(String body, String args) {
		String printf = "printf '\\033]6973;" + this.nonce + ";" + body + "\\007'" + args;
		return this.tty ? printf + " >&$__execd_o" : printf + " >&$__execd_o; " + printf + " >&$__execd_e";
	}

	String rcFile() {
		String end = "__execd_s=$? __execd_p=\"${PIPESTATUS[*]}\"; "
				+ "if [[ -n $__execd_c ]]; then __execd_s=${__execd_c%% *} __execd_p=${__execd_c#* }; fi; "
				+ "__execd_c=; " + EMPTY_PROMPTS + REPAIR + print("E;%s;%s", " \"$__execd_s\" \"$__execd_p\"");
		return String.join("\n", "PS1='' PS2='' PS0=''", "unset HISTFILE", "set +o history",
				"exec {__execd_o}>&1 {__execd_e}>&2", this.tty ? "stty -echo 2>/dev/null" : ":",
				"__execd_f=" + quote(this.commandFile.toString()), "__execd_c=", "__execd_ret() { return \"$1\"; }",
				"PROMPT_COMMAND=" + quote(end), "");
	}

	/**
	 * What is typed to run a command. A short command's text is typed in the line itself,
	 * ANSI-C quoted so it stays one line of printable ASCII; a longer one is written to
	 * the command file, which the line reads. Typing is the fast path: truncating and
	 * writing a file costs a journaled filesystem more than bash's whole round trip. The
	 * bound keeps the line well inside a terminal's 4095-byte canonical line. {@code $?}
	 * is restored for the command unless {@code set -e} is on (the restoring call would
	 * end the shell).
	 * <p>
	 * The line that records the status of the text's last pipeline is evaluated with the
	 * text, after it, unless the text {@link #mayContinue may continue} past its end: an
	 * open here-document would print that line as its body, a trailing {@code |} or
	 * {@code &&} would run it as part of the text's pipeline. Such a text is evaluated
	 * alone and ends as bash reports it (a syntax error is status 2), with
	 * {@code PIPESTATUS} of {@code eval} itself.
	 */
	byte[] line(String cmd) {
		String text = inline(cmd.getBytes(StandardCharsets.UTF_8));
		if (text == null) {
			try {
				Files.writeString(this.commandFile, cmd);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}
		String assign = (text != null) ? "__execd_cmd=" + text : "IFS= read -r -d '' __execd_cmd <\"$__execd_f\" || :";
		String eval = mayContinue(cmd) ? "eval -- \"$__execd_cmd\"\n"
				: "eval -- \"$__execd_cmd\"$'\\n\\n''__execd_c=\"$? ${PIPESTATUS[*]}\"'\n";
		String line = "__execd_c=; " + assign + "; " + print("B", "") + "; "
				+ "[[ $- == *e* ]] || __execd_ret \"$__execd_s\"; " + eval;
		return line.getBytes(StandardCharsets.US_ASCII);
	}

	/**
	 * Whether a text may not end where it ends, so that lines after it would be read as
	 * its own: it holds a here-document, or its last line that is not blank or a comment
	 * ends with {@code |} or {@code &} after any comment. Errs towards yes, which only
	 * costs the text's {@code PIPESTATUS}.
	 */
	static boolean mayContinue(String cmd) {
		if (HERE_DOCUMENT.matcher(cmd).find()) {
			return true;
		}
		String[] lines = cmd.split("\n", -1);
		for (int i = lines.length - 1; i >= 0; i--) {
			String line = COMMENT.matcher(lines[i]).replaceFirst("").strip();
			if (!line.isEmpty()) {
				return line.endsWith("|") || line.endsWith("&");
			}
		}
		return false;
	}

	/**
	 * The text as a bash {@code $'...'} word of printable ASCII (every other byte as
	 * {@code \xHH}, always two digits so a following hex digit is never taken in), or
	 * null when that is longer than {@link #INLINE_BYTES}.
	 */
	static @Nullable String inline(byte[] text) {
		if (text.length > INLINE_BYTES) {
			return null;
		}
		StringBuilder quoted = new StringBuilder(text.length + 16).append("$'");
		for (byte b : text) {
			int c = b & 0xff;
			if (c == '\\' || c == '\'') {
				quoted.append('\\').append((char) c);
			}
			else if (c >= 0x20 && c < 0x7f) {
				quoted.append((char) c);
			}
			else {
				quoted.append("\\x").append(HEX.charAt(c >> 4)).append(HEX.charAt(c & 0xf));
			}
			if (quoted.length() + 1 > INLINE_BYTES) {
				return null;
			}
		}
		return quoted.append('\'').toString();
	}

	private static String quote(String text) {
		return "'" + text.replace("'", "'\\''") + "'";
	}

}

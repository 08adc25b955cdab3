package dev.execd.session;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The quoting of a command typed in the line: printable ASCII only, and bounded.
 */
class ShellScriptTests {

	@Test
	void quotesEveryByteThatIsNotPlainPrintableAscii() {
		byte[] text = "a'b\\c\n\u0001é1".getBytes(StandardCharsets.UTF_8);
		assertThat(ShellScript.inline(text)).isEqualTo("$'a\\'b\\\\c\\x0a\\x01\\xc3\\xa91'");
	}

	@Test
	void aTextWhoseQuotedFormIsTooLongGoesThroughTheFile() {
		assertThat(ShellScript.inline("x".repeat(ShellScript.INLINE_BYTES - 3).getBytes(StandardCharsets.UTF_8)))
			.hasSize(ShellScript.INLINE_BYTES);
		assertThat(ShellScript.inline("x".repeat(ShellScript.INLINE_BYTES - 2).getBytes(StandardCharsets.UTF_8)))
			.isNull();
		assertThat(ShellScript.inline("\n".repeat(600).getBytes(StandardCharsets.UTF_8))).isNull();
	}

}

package dev.execd.session;

import dev.execd.output.AnsiStripper;
import dev.execd.output.Excerpt;
import dev.execd.output.OutputLog;

/**
 * A command's output as a response shows it.
 *
 * @param text the text, cut with the truncation marker if needed
 * @param omitted bytes the marker stands for
 */
public record CommandOutput(String text, long omitted) {

	public static final CommandOutput NONE = new CommandOutput("", 0);

	/**
	 * The command's output as a response shows it: {@code [output_offset, end)}, the end
	 * being the log's end while it runs; a cut names the omitted log range.
	 */
	static CommandOutput of(OutputLog log, CommandSnapshot command, WaitSpec wait, String logUrl) {
		long end = (command.endOffset() >= 0) ? command.endOffset() : log.total();
		Excerpt excerpt = Excerpt.of(log, command.outputOffset(), Math.max(end, command.outputOffset()),
				wait.maxOutputBytes(), wait.truncation(), wait.stripAnsi() ? new AnsiStripper() : null, logUrl);
		return new CommandOutput(excerpt.text(), excerpt.omitted());
	}

}

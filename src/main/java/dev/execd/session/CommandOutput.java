package dev.execd.session;

/**
 * A command's output as a response shows it.
 *
 * @param text the text, cut with the truncation marker if needed
 * @param omitted bytes the marker stands for
 */
public record CommandOutput(String text, long omitted) {

	public static final CommandOutput NONE = new CommandOutput("", 0);

}

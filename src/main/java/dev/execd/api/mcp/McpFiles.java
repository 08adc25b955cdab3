package dev.execd.api.mcp;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

import dev.execd.api.ApiException;
import dev.execd.api.FileInfo;
import dev.execd.api.FileListing;
import dev.execd.api.FileService;
import dev.execd.api.FileText;
import dev.execd.files.FileWrites;
import dev.execd.session.Scope;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.jspecify.annotations.Nullable;

/**
 * The file tools: {@code read_file} ({@code GET /files?encoding=utf8}),
 * {@code write_file} ({@code PUT /files}) and {@code list_dir} ({@code GET /files/list}),
 * through the same {@link FileService} and so the same roots, confinement and codes as
 * REST. Texts are made for a model: a short header, {@code ---}, then the lines or the
 * entries.
 */
final class McpFiles {

	private final FileService files;

	private final Function<Object, Map<String, @Nullable Object>> structured;

	McpFiles(FileService files, Function<Object, Map<String, @Nullable Object>> structured) {
		this.files = files;
		this.structured = structured;
	}

	/** Arguments of {@code read_file}. */
	record Read(@Nullable String path, @Nullable Long offsetLines, @Nullable Long offsetChars,
			@Nullable Long maxLines) {

	}

	/** Arguments of {@code write_file}: exactly one of the contents. */
	record Write(@Nullable String path, @Nullable String content, @Nullable String contentB64, @Nullable Boolean mkdirs,
			@Nullable String mode, @Nullable String ifMatch, @Nullable String ifNoneMatch) {

	}

	/** Arguments of {@code list_dir}. */
	record List(@Nullable String path, @Nullable Long depth, @Nullable Long maxEntries) {

	}

	CallToolResult read(Scope scope, McpArguments args) throws IOException {
		Read read = args.bind(Read.class);
		FileText text = this.files.text(scope, read.path(), read.offsetLines(), read.offsetChars(), read.maxLines());
		long first = (read.offsetLines() != null) ? read.offsetLines() : 0;
		long lines = lines(text.text());
		StringBuilder out = new StringBuilder();
		out.append("path: ").append(read.path()).append('\n');
		out.append("lines: ").append((lines == 0) ? "none" : (first + 1) + "-" + (first + lines));
		out.append(" of ").append(text.totalLines());
		if (lines > 0 && read.offsetChars() != null && read.offsetChars() > 0) {
			out.append(", line ").append(first + 1).append(" from character ").append(read.offsetChars());
		}
		out.append('\n');
		if (text.truncated()) {
			// A line longer than a page goes on where it was cut, not at the next line.
			out.append("truncated: true (continue with offset_lines: ").append(text.nextOffsetLines());
			if (text.nextOffsetChars() != null && text.nextOffsetChars() > 0) {
				out.append(", offset_chars: ").append(text.nextOffsetChars());
			}
			out.append(")\n");
		}
		out.append("---\n").append(text.text());
		return McpResults.success(out.toString(), McpContent.metadata(this.structured.apply(text)));
	}

	CallToolResult write(Scope scope, McpArguments args) throws IOException {
		Write write = args.bind(Write.class);
		if ((write.content() == null) == (write.contentB64() == null)) {
			throw ApiException.invalid("exactly one of content and content_b64 is required");
		}
		byte[] bytes = (write.content() != null) ? write.content().getBytes(StandardCharsets.UTF_8)
				: decode(write.contentB64());
		FileWrites.Written written = this.files.write(scope, write.path(),
				Channels.newChannel(new ByteArrayInputStream(bytes)), bytes.length, write.mkdirs(), write.mode(),
				write.ifMatch(), write.ifNoneMatch());
		FileInfo info = FileInfo.of(written.stat());
		String text = (written.created() ? "created" : "replaced") + ": " + info.path() + "\nsize: " + info.size()
				+ "\nmode: " + info.mode() + "\netag: " + written.stat().etag() + "\n";
		Map<String, @Nullable Object> result = new LinkedHashMap<>(this.structured.apply(info));
		result.put("created", written.created());
		result.put("etag", written.stat().etag());
		return McpResults.success(text, result);
	}

	CallToolResult list(Scope scope, McpArguments args) {
		List list = args.bind(List.class);
		FileListing listing = this.files.list(scope, (list.path() != null) ? list.path() : ".", list.depth(),
				list.maxEntries());
		StringBuilder out = new StringBuilder();
		out.append("directory: ").append(listing.directory().path()).append('\n');
		out.append("entries: ").append(listing.entries().size());
		out.append(listing.truncated() ? " (truncated: raise max_entries or list a subdirectory)\n" : "\n");
		out.append("---\n");
		for (FileInfo entry : listing.entries()) {
			out.append(entry.type()).append(' ').append(entry.mode()).append(' ').append(entry.size()).append(' ');
			out.append(entry.mtime()).append(' ').append(entry.path());
			if (entry.target() != null) {
				out.append(" -> ").append(entry.target());
			}
			if (entry.lossyName()) {
				out.append(" (name not UTF-8: U+FFFD stands for its bytes, so this path does not reach it)");
			}
			if (entry.lossyTarget()) {
				out.append(" (target not UTF-8: U+FFFD stands for its bytes)");
			}
			out.append('\n');
		}
		return McpResults.success(out.toString(), this.structured.apply(listing));
	}

	/**
	 * The lines of a page as {@code TextReader} counts them: ended by {@code \n} only (a
	 * lone {@code \r} is part of its line), a last one without it counting.
	 */
	static long lines(String text) {
		long count = text.chars().filter((c) -> c == '\n').count();
		return (text.isEmpty() || text.endsWith("\n")) ? count : count + 1;
	}

	private static byte[] decode(@Nullable String base64) {
		try {
			return Base64.getDecoder().decode((base64 != null) ? base64 : "");
		}
		catch (IllegalArgumentException ex) {
			throw ApiException.invalidBase64("content_b64 is not valid base64");
		}
	}

}

package dev.execd.api;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.execd.output.OutputException;
import dev.execd.session.Scope;
import dev.execd.session.SessionReads;
import dev.execd.session.SessionRegistry;
import org.jspecify.annotations.Nullable;

import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * The raw output as a file: whole, by {@code Range}, or by {@code offset} and
 * {@code length}. The size is taken when the request arrives, so a growing log is served
 * consistently.
 */
@RestController
class LogController {

	private static final Pattern SINGLE_RANGE = Pattern.compile("bytes=(\\d*)-(\\d*)");

	private final SessionRegistry registry;

	LogController(SessionRegistry registry) {
		this.registry = registry;
	}

	@GetMapping("/sessions/{id}/log")
	ResponseEntity<StreamingResponseBody> log(Scope scope, @PathVariable String id,
			@RequestParam(required = false) @Nullable Long offset,
			@RequestParam(required = false) @Nullable Long length,
			@RequestHeader(name = HttpHeaders.RANGE, required = false) @Nullable String range) {
		SessionReads reads = this.registry.find(scope, id).reads();
		long total = reads.total();
		long from;
		long to;
		boolean partial = false;
		Matcher matcher = (range != null) ? SINGLE_RANGE.matcher(range.strip()) : null;
		if (matcher != null && matcher.matches() && !(matcher.group(1).isEmpty() && matcher.group(2).isEmpty())) {
			long[] bounds = rangeBounds(matcher, total);
			from = bounds[0];
			to = bounds[1];
			partial = true;
		}
		else if (offset != null || length != null) {
			from = Inputs.nonNegative(offset, 0, "offset");
			if (from > total) {
				throw new OutputException.OffsetOutOfRange(from, total);
			}
			to = from + Math.min(Inputs.nonNegative(length, total - from, "length"), total - from);
		}
		else {
			// An unparseable or multi-part Range is ignored, as RFC 9110 allows.
			from = 0;
			to = reads.logEnd();
			if (to == 0 && total > 0) {
				// The disk budget deleted the file: there is nothing to download.
				throw new OutputException.OutputUnavailable(0);
			}
		}
		reads.checkAvailable(from, to);
		HttpHeaders headers = new HttpHeaders();
		headers.setContentType(MediaType.APPLICATION_OCTET_STREAM);
		headers.setContentDisposition(ContentDisposition.attachment().filename(id + ".log").build());
		headers.set(HttpHeaders.ACCEPT_RANGES, "bytes");
		headers.setContentLength(to - from);
		if (partial) {
			headers.set(HttpHeaders.CONTENT_RANGE, "bytes " + from + "-" + (to - 1) + "/" + total);
		}
		long start = from;
		long end = to;
		StreamingResponseBody body = (out) -> reads.copy(start, end, out);
		return ResponseEntity.status(partial ? HttpStatus.PARTIAL_CONTENT : HttpStatus.OK).headers(headers).body(body);
	}

	/**
	 * The {@code [from, to)} of {@code bytes=a-b}, {@code bytes=a-} or {@code bytes=-n}.
	 */
	private static long[] rangeBounds(Matcher matcher, long total) {
		String first = matcher.group(1);
		String last = matcher.group(2);
		try {
			if (first.isEmpty()) {
				long suffix = Long.parseLong(last);
				if (suffix == 0 || total == 0) {
					throw new RangeNotSatisfiable(total);
				}
				return new long[] { Math.max(0, total - suffix), total };
			}
			long from = Long.parseLong(first);
			long to = last.isEmpty() ? total : Math.min(Long.parseLong(last), total - 1) + 1;
			if (from >= total || to <= from) {
				throw new RangeNotSatisfiable(total);
			}
			return new long[] { from, to };
		}
		catch (NumberFormatException ex) {
			throw new RangeNotSatisfiable(total);
		}
	}

}

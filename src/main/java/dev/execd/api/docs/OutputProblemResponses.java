package dev.execd.api.docs;

import java.util.Map;

import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;

/**
 * The refusals of reads of a session's output, as reusable responses (see
 * {@link ProblemResponses}).
 */
public final class OutputProblemResponses {

	public static final String OUTPUT_UNAVAILABLE = ProblemResponses.PREFIX + "OutputUnavailable";

	public static final String OFFSET_OUT_OF_RANGE = ProblemResponses.PREFIX + "OffsetOutOfRange";

	public static final String RANGE_NOT_SATISFIABLE = ProblemResponses.PREFIX + "RangeNotSatisfiable";

	public static final String READ_UNAVAILABLE = ProblemResponses.PREFIX + "ReadUnavailable";

	private OutputProblemResponses() {
	}

	static void addTo(Map<String, ApiResponse> all) {
		all.put(ProblemResponses.name(OUTPUT_UNAVAILABLE), ProblemResponses.problem("""
				`output_unavailable`: the bytes asked for are no longer kept: past \
				execd.output.max-log-size and out of the memory window, or the log was deleted by \
				the disk budget (execd.output.max-total-log-size).""", "output_unavailable",
				ProblemExamples.OUTPUT_UNAVAILABLE));
		all.put(ProblemResponses.name(OFFSET_OUT_OF_RANGE),
				ProblemResponses.problem("`offset_out_of_range`: the offset is past the end of the output.",
						"offset_out_of_range", ProblemExamples.OFFSET_OUT_OF_RANGE));
		all.put(ProblemResponses.name(RANGE_NOT_SATISFIABLE),
				ProblemResponses
					.problem("""
							`offset_out_of_range`: `offset` is past the end, or the `Range` selects no byte \
							(then with `Content-Range: bytes */<total>`).""", "offset_out_of_range",
							ProblemExamples.OFFSET_OUT_OF_RANGE)
					.addHeaderObject("Content-Range",
							new Header().description("`bytes */<total>`, on an unsatisfiable `Range`.")
								.schema(new StringSchema().example("bytes */24"))));
		all.put(ProblemResponses.name(READ_UNAVAILABLE),
				ProblemResponses
					.problem("""
							`resources_exhausted`: the server is out of file descriptors, so the session's \
							log (closed while idle) could not be opened again to read it. The bytes are still \
							kept: retry after `Retry-After` seconds.""", "resources_exhausted",
							ProblemExamples.READ_RESOURCES_EXHAUSTED)
					.addHeaderObject("Retry-After", ProblemResponses.retryAfter("reading again", "1")));
	}

}

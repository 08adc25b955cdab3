package dev.execd.api;

import dev.execd.output.OutputException;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpStatus;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A read the server lacks a descriptor for is a transient 503, unlike bytes no longer
 * kept (410).
 */
class RefusalsTests {

	@Test
	void aReadOutOfDescriptorsIsResourcesExhaustedNotOutputUnavailable() {
		assertThat(Refusals.of(new OutputException.ResourcesExhausted(12)))
			.isEqualTo(new Refusals.Refusal(HttpStatus.SERVICE_UNAVAILABLE, "resources_exhausted"));
		assertThat(Refusals.of(new OutputException.OutputUnavailable(12)))
			.isEqualTo(new Refusals.Refusal(HttpStatus.GONE, "output_unavailable"));
	}

}

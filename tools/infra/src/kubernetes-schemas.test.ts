import { describe, expect, it } from 'vitest';
import { kubernetesJsonSchemas, schemaFileName } from './kubernetes-schemas.js';

const swagger = {
  definitions: {
    'io.k8s.api.apps.v1.Deployment': {
      description: 'dropped',
      type: 'object',
      properties: {
        apiVersion: { type: 'string' },
        kind: { type: 'string' },
        spec: { $ref: '#/definitions/io.k8s.api.apps.v1.DeploymentSpec' },
      },
      'x-kubernetes-group-version-kind': [{ group: 'apps', kind: 'Deployment', version: 'v1' }],
    },
    'io.k8s.api.apps.v1.DeploymentSpec': {
      type: 'object',
      properties: {
        replicas: { type: 'integer', format: 'int32' },
        maxSurge: { $ref: '#/definitions/io.k8s.apimachinery.pkg.util.intstr.IntOrString' },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
    'io.k8s.apimachinery.pkg.util.intstr.IntOrString': { type: 'string', format: 'int-or-string' },
    'io.k8s.apimachinery.pkg.api.resource.Quantity': { type: 'string' },
    'io.k8s.api.core.v1.Unrelated': { type: 'object', properties: { a: { type: 'string' } } },
  },
};

describe('kubernetesJsonSchemas', () => {
  it('writes one strict, standalone file per kind, named as kubeconform looks it up', () => {
    const files = kubernetesJsonSchemas(swagger);
    expect([...files.keys()]).toEqual(['deployment-apps-v1.json']);
    const deployment = files.get('deployment-apps-v1.json')!;
    expect(deployment).toMatchObject({
      additionalProperties: false,
      properties: {
        apiVersion: { enum: ['apps/v1'] },
        kind: { enum: ['Deployment'] },
        spec: { $ref: '#/definitions/io.k8s.api.apps.v1.DeploymentSpec' },
      },
    });
    expect(deployment).not.toHaveProperty('description');
    // Only what it refers to, transitively.
    const definitions = deployment.definitions as Record<string, Record<string, unknown>>;
    expect(Object.keys(definitions)).toEqual([
      'io.k8s.api.apps.v1.DeploymentSpec',
      'io.k8s.apimachinery.pkg.util.intstr.IntOrString',
    ]);
    expect(definitions['io.k8s.api.apps.v1.DeploymentSpec']).toMatchObject({
      additionalProperties: false,
      properties: { labels: { additionalProperties: { type: 'string' } } },
    });
    expect(definitions['io.k8s.apimachinery.pkg.util.intstr.IntOrString']).toEqual({
      oneOf: [{ type: 'string' }, { type: 'integer' }],
    });
  });

  it('names core kinds without a group and other groups by their first label', () => {
    expect(schemaFileName({ group: '', version: 'v1', kind: 'Service' })).toBe('service-v1.json');
    expect(schemaFileName({ group: 'networking.k8s.io', version: 'v1', kind: 'Ingress' })).toBe(
      'ingress-networking-v1.json',
    );
    expect(
      schemaFileName({ group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler' }),
    ).toBe('horizontalpodautoscaler-autoscaling-v2.json');
  });
});

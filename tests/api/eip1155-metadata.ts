/** What a wallet checks a token's metadata against: EIP-1155's own JSON schema, compiled by ajv (a client we did not write). */
import { Ajv } from 'ajv';

/**
 * The metadata JSON schema of EIP-1155 ("ERC-1155 Metadata URI JSON Schema"), as the standard writes it, with its
 * optional localization; a client we did not write (ajv) checks our answers against it.
 */
export const EIP1155_METADATA_SCHEMA = {
  title: 'Token Metadata',
  type: 'object',
  properties: {
    name: { type: 'string', description: 'Identifies the asset to which this token represents' },
    decimals: {
      type: 'integer',
      description:
        'The number of decimal places that the token amount should display - e.g. 18, means to divide the token amount by 1000000000000000000 to get its user representation.',
    },
    description: { type: 'string', description: 'Describes the asset to which this token represents' },
    image: {
      type: 'string',
      description:
        'A URI pointing to a resource with mime type image/* representing the asset to which this token represents.',
    },
    properties: {
      type: 'object',
      description: 'Arbitrary properties. Values may be strings, numbers, object or arrays.',
    },
    localization: {
      type: 'object',
      required: ['uri', 'default', 'locales'],
      properties: {
        uri: { type: 'string', description: 'The URI pattern to fetch localized data from.' },
        default: { type: 'string', description: 'The locale of the default data within the base JSON' },
        locales: { type: 'array', description: 'The list of locales for which data is available.' },
      },
    },
  },
};
export const validateMetadata = new Ajv({ allErrors: true }).compile(EIP1155_METADATA_SCHEMA);
